package io.jwtbench.service.validation.keys;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Immutable snapshot of an issuer's usable keys. */
public final class KeySet {

    private static final KeySet EMPTY = new KeySet(List.of(), Map.of(), null);

    private final List<VerificationKey> keys;
    private final Map<String, VerificationKey> byKid;
    private final Instant loadedAt;

    private KeySet(List<VerificationKey> keys, Map<String, VerificationKey> byKid, Instant loadedAt) {
        this.keys = keys;
        this.byKid = byKid;
        this.loadedAt = loadedAt;
    }

    /** Keys in order; for a duplicated kid the first one wins the kid lookup. */
    public static KeySet of(List<VerificationKey> keys, Instant loadedAt) {
        List<VerificationKey> copy = List.copyOf(Objects.requireNonNull(keys, "keys"));
        Map<String, VerificationKey> index = new HashMap<>();
        for (VerificationKey k : copy) {
            if (k.kid() != null) {
                index.putIfAbsent(k.kid(), k);
            }
        }
        return new KeySet(copy, Map.copyOf(index), loadedAt);
    }

    /** The empty set; {@link #loadedAt()} is null. */
    public static KeySet empty() {
        return EMPTY;
    }

    /** The key with this kid, or null. */
    public VerificationKey byKid(String kid) {
        return kid == null ? null : byKid.get(kid);
    }

    /** All keys, for tokens without kid: the caller filters by {@link VerificationKey#permits(String)}. */
    public List<VerificationKey> keys() {
        return keys;
    }

    public boolean isEmpty() {
        return keys.isEmpty();
    }

    public int size() {
        return keys.size();
    }

    /** True if both sets hold equal keys (kid, alg, public key, type, curve) in the same order. */
    public boolean sameKeysAs(KeySet other) {
        return keys.equals(other.keys);
    }

    /** When this set was loaded, null for {@link #empty()}. */
    public Instant loadedAt() {
        return loadedAt;
    }

    @Override
    public String toString() {
        return "KeySet" + keys + "@" + loadedAt;
    }
}
