package io.jwtbench.bench.runtime.fleet;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class FleetTokenTest {
    static final String SECRET = "0123456789abcdef0123456789abcdef";
    static final Instant NOW = Instant.parse("2026-11-24T12:00:00Z");

    @Test
    void aSignedTokenIsValidUntilItExpires() {
        String token = FleetToken.sign(SECRET, "f1", NOW.plusSeconds(60));
        assertTrue(FleetToken.verify(Optional.of(SECRET), token, NOW));
        assertTrue(FleetToken.verify(Optional.of(SECRET), token, NOW.plusSeconds(59)));
        assertFalse(FleetToken.verify(Optional.of(SECRET), token, NOW.plusSeconds(60)), "expired");
    }

    @Test
    void anythingElseIsRefused() {
        String token = FleetToken.sign(SECRET, "f1", NOW.plusSeconds(60));
        assertFalse(FleetToken.verify(Optional.of(SECRET.replace('0', '1')), token, NOW), "another secret");
        assertFalse(FleetToken.verify(Optional.empty(), token, NOW), "no secret on the pod");
        assertFalse(FleetToken.verify(Optional.of("short"), FleetToken.sign("short", "f1", NOW.plusSeconds(60)), NOW), "short secret");
        assertFalse(FleetToken.verify(Optional.of(SECRET), token.replace(".f1.", ".f2."), NOW), "another fleet");
        String later = token.replaceFirst("\\.(\\d+)\\.", "." + NOW.plusSeconds(600).getEpochSecond() + ".");
        assertFalse(FleetToken.verify(Optional.of(SECRET), later, NOW), "a moved expiry");
        assertFalse(FleetToken.verify(Optional.of(SECRET), "Bearer x", NOW));
        assertFalse(FleetToken.verify(Optional.of(SECRET), null, NOW));
        String tooLong = FleetToken.sign(SECRET, "f1", NOW.plus(FleetToken.MAX_LIFETIME).plus(Duration.ofMinutes(1)));
        assertFalse(FleetToken.verify(Optional.of(SECRET), tooLong, NOW), "longer than the pod allows");
    }
}
