package io.jwtbench.bench.runtime.fleet;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;

import io.jwtbench.bench.runtime.FleetConfig;
import io.jwtbench.bench.runtime.plan.SpecException;

/** The pods of the fleet, from {@code quarkus.bench.fleet.peers} or the headless Service's DNS. */
final class Peers {
    private Peers() {
    }

    /** @throws SpecException on {@code fleet} when none is configured or the DNS name resolves to nothing */
    static List<URI> resolve(FleetConfig config) {
        if (config.peers().isPresent() && !config.peers().get().isEmpty()) {
            return List.copyOf(config.peers().get());
        }
        if (config.dns().isEmpty()) {
            throw new SpecException("fleet", "no pods: set quarkus.bench.fleet.peers (base URLs) or "
                    + "quarkus.bench.fleet.dns (a headless Service's name)");
        }
        try {
            // a headless Service answers with one address per ready pod
            return Arrays.stream(InetAddress.getAllByName(config.dns().get())).map(InetAddress::getHostAddress)
                    .sorted().distinct()
                    .map(ip -> URI.create(config.scheme() + "://" + (ip.contains(":") ? "[" + ip + "]" : ip) + ":"
                            + config.port()))
                    .toList();
        } catch (UnknownHostException e) {
            throw new SpecException("fleet", "quarkus.bench.fleet.dns " + config.dns().get() + " does not resolve: " + e.getMessage());
        }
    }
}
