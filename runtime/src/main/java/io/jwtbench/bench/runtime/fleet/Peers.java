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

    static final String ALLOW_PLAINTEXT = "quarkus.bench.fleet.allow-plaintext-credentials";

    /**
     * The caller's credentials go to pods over https only, unless {@link #ALLOW_PLAINTEXT}.
     *
     * @param forwardsCredentials the pods will get a credential: the caller's {@code Authorization}, or a fleet token
     * @throws SpecException on {@code fleet} naming the first plaintext pod and the property
     */
    static void checkTransport(List<URI> peers, boolean forwardsCredentials, FleetConfig config) {
        if (!forwardsCredentials || config.allowPlaintextCredentials()) {
            return;
        }
        for (URI peer : peers) {
            if (!"https".equalsIgnoreCase(peer.getScheme())) {
                throw new SpecException("fleet", "pod " + peer + " is not https: a fleet run sends credentials (the "
                        + "caller's Authorization, or its fleet token) to every pod and will not send them in clear text; serve the pods over "
                        + "https (quarkus.bench.fleet.peers, quarkus.bench.fleet.scheme) or set " + ALLOW_PLAINTEXT + "=true");
            }
        }
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
