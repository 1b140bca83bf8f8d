package io.jwtbench.bench.runtime.stats;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A run report's {@code kernel} section: what the kernel's TCP counters rose by during the measured
 * window ({@code observe/KernelNet} reads them, Linux only), the few that say a server is losing
 * connections. A counter this kernel does not have is absent. Its component names are the JSON keys.
 *
 * @param listenOverflows accept queue full: the SYN or the final ACK dropped
 * @param scope           what the counters cover (the network namespace, not only this process)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Kernel(Long listenOverflows, Long listenDrops, Long synRetransmits, Long retransmittedSegments,
        Long resetsSent, Long establishedResets, Long failedConnectionAttempts, Long connectionsOpened,
        Long connectionsAccepted, String scope) {

    /** The section's name in a run report. */
    public static final String SECTION = "kernel";
}
