package io.jwtbench.service.validation;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The allow-list of issuers, looked up by the exact {@code iss} string. Reads are a plain map
 * lookup on an immutable snapshot; additions (the bench issuer at start-up) copy on write.
 */
public final class IssuerRegistry {
    private volatile Map<String, Issuer> byIss;

    public IssuerRegistry(List<Issuer> issuers) {
        Map<String, Issuer> map = new HashMap<>();
        for (Issuer issuer : issuers) {
            put(map, issuer);
        }
        this.byIss = Map.copyOf(map);
    }

    /** The issuer whose {@code iss} is exactly {@code iss}, or null. */
    public Issuer byIss(String iss) {
        return byIss.get(iss);
    }

    public List<Issuer> all() {
        return byIss.values().stream().sorted((a, b) -> a.name().compareTo(b.name())).toList();
    }

    public synchronized void register(Issuer issuer) {
        Map<String, Issuer> map = new HashMap<>(byIss);
        put(map, issuer);
        byIss = Map.copyOf(map);
    }

    private static void put(Map<String, Issuer> map, Issuer issuer) {
        for (Issuer existing : map.values()) {
            if (existing.name().equals(issuer.name())) {
                throw new IllegalArgumentException("two issuers are named '" + issuer.name() + "'");
            }
        }
        Issuer previous = map.putIfAbsent(issuer.issuer(), issuer);
        if (previous != null) {
            throw new IllegalArgumentException("issuers '" + previous.name() + "' and '" + issuer.name()
                    + "' both have iss " + issuer.issuer() + "; iss must identify one issuer");
        }
    }
}
