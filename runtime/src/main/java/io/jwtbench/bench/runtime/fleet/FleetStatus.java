package io.jwtbench.bench.runtime.fleet;

/**
 * Where a fleet run is: {@code RUNNING}, then {@code DONE} (every pod DONE), {@code PARTIAL} (some pods
 * are missing from the sum: see their rows), {@code FAILED} (no pod DONE) or {@code CANCELLED}.
 */
public enum FleetStatus {
    RUNNING, DONE, PARTIAL, FAILED, CANCELLED
}
