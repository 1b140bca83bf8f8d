package io.jwtbench.bench.runtime.observe;

import java.util.Map;
import java.util.Optional;

import jakarta.inject.Singleton;

import io.jwtbench.bench.runtime.spi.RunContext;
import io.jwtbench.bench.runtime.spi.RunExtension;
import io.jwtbench.bench.runtime.stats.Kernel;

/**
 * The {@code kernel} section of every run where Linux tells ({@link KernelNet}): accept-queue overflows
 * and drops, SYN and segment retransmits, resets, connection attempts that failed, during the measured
 * window. Two reads of two small files: no cost worth a flag. The counters are the network namespace's
 * (a pod's, in Kubernetes): another process's traffic in it counts too, which the section says.
 */
@Singleton
public class KernelExtension implements RunExtension {
    @Override
    public String section() {
        return Kernel.SECTION;
    }

    @Override
    public Observation begin(RunContext run) {
        Optional<KernelNet> before = KernelNet.read();
        return outcome -> {
            Optional<KernelNet> after = KernelNet.read();
            if (before.isEmpty() || after.isEmpty()) {
                return null; // not Linux, or /proc not readable: no section rather than zeros
            }
            Map<String, Long> rose = after.get().since(before.get());
            return new Kernel(rose.get("listenOverflows"), rose.get("listenDrops"), rose.get("synRetransmits"),
                    rose.get("retransmittedSegments"), rose.get("resetsSent"), rose.get("establishedResets"),
                    rose.get("failedConnectionAttempts"), rose.get("connectionsOpened"), rose.get("connectionsAccepted"),
                    "the network namespace (this process and any other in it), during the measured window");
        };
    }
}
