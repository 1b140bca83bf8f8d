package io.jwtbench.bench.runtime.fleet;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * A short-lived, fleet-scoped credential: what a fleet coordinator sends its pods instead of the
 * caller's own {@code Authorization}, when the pods share {@code quarkus.bench.fleet.token-secret}.
 * {@code v1.<fleet id>.<expiry, epoch seconds>.<HMAC-SHA256 of the first three, base64url>}. A pod
 * accepts it (in place of the role) only on the routes a fleet uses, and only for that fleet: one
 * {@code POST /q/bench/runs} without a baseline, which starts the fleet's run, and {@code GET}/{@code DELETE}
 * of that run; and only until it expires, at most {@link #MAX_LIFETIME} ahead of the pod's clock.
 */
public final class FleetToken {
    /** The request header that carries it. */
    public static final String HEADER = "X-Bench-Fleet-Token";
    /** The shortest secret accepted (32 bytes, as long as the HMAC). */
    public static final int MIN_SECRET = 32;
    /** No token is valid for longer than this, whatever it says: a fleet run lasts at most max-duration and the grace. */
    public static final Duration MAX_LIFETIME = Duration.ofHours(1);
    static final String PROPERTY = "quarkus.bench.fleet.token-secret";
    private static final Pattern FORM = Pattern.compile("v1\\.([A-Za-z0-9_-]{1,64})\\.([0-9]{1,12})\\.([A-Za-z0-9_-]{43})");

    private FleetToken() {
    }

    /** The token of fleet {@code fleetId}, valid until {@code expires}. */
    public static String sign(String secret, String fleetId, Instant expires) {
        String claims = "v1." + fleetId + "." + expires.getEpochSecond();
        return claims + "." + mac(secret, claims);
    }

    /** Whether {@code token} was signed with {@code secret} and is valid at {@code now}. */
    public static boolean verify(Optional<String> secret, String token, Instant now) {
        return fleet(secret, token, now).isPresent();
    }

    /** The fleet whose runs {@code token} opens, if it was signed with {@code secret} and is valid at {@code now}. */
    public static Optional<String> fleet(Optional<String> secret, String token, Instant now) {
        if (secret.isEmpty() || secret.get().length() < MIN_SECRET || token == null || token.length() > 200) {
            return Optional.empty();
        }
        Matcher m = FORM.matcher(token);
        if (!m.matches()) {
            return Optional.empty();
        }
        String claims = "v1." + m.group(1) + "." + m.group(2);
        boolean signed = MessageDigest.isEqual(mac(secret.get(), claims).getBytes(StandardCharsets.US_ASCII),
                m.group(3).getBytes(StandardCharsets.US_ASCII));
        long expires = Long.parseLong(m.group(2));
        return signed && expires > now.getEpochSecond() && expires <= now.plus(MAX_LIFETIME).getEpochSecond()
                ? Optional.of(m.group(1)) : Optional.empty();
    }

    private static String mac(String secret, String claims) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(mac.doFinal(claims.getBytes(StandardCharsets.US_ASCII)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 unavailable", e);
        }
    }
}
