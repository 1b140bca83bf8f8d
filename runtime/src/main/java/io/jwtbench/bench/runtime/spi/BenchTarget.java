package io.jwtbench.bench.runtime.spi;

import java.util.Map;

/**
 * Something the bench can load: the application contributes targets as CDI beans (any scope); the
 * extension discovers all of them. A target only ever names paths of this application: the engine
 * sends to 127.0.0.1 on the app's own port, never to a caller-supplied host.
 */
public interface BenchTarget {

    /** Unique name used in run specs, e.g. {@code "health"} or {@code "jwt"}. */
    String name();

    /** One line shown to people choosing a target. */
    String description();

    /**
     * Validates the target-specific options (every field of the run spec the engine does not know)
     * and prepares the requests before the run starts. Runs on a worker thread, so it may be slow
     * (e.g. signing a pool of tokens).
     *
     * @throws BenchSpecException for bad options, unknown option names included
     */
    RequestSource prepare(Map<String, Object> options);

    /**
     * Whether the paths of this target live on the management interface (its own port) rather than
     * on the main HTTP server. Only the built-in health target needs this.
     */
    default boolean onManagementInterface() {
        return false;
    }
}
