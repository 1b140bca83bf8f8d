package io.jwtbench.service.validation.keys;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class VerificationKeyTest {

    private static final VerificationKey RSA = new VerificationKey("r", null, Fixtures.RSA_A.getPublic(), "RSA", null);
    private static final VerificationKey EC256 = new VerificationKey("e", null, Fixtures.EC_P256.getPublic(), "EC",
            "P-256");
    private static final VerificationKey ED = new VerificationKey("d", null, Fixtures.ED25519.getPublic(), "OKP",
            "Ed25519");

    @Test
    void rsaPermitsRsAndPsOnly() {
        for (String alg : List.of("RS256", "RS384", "RS512", "PS256", "PS384", "PS512")) {
            assertTrue(RSA.permits(alg), alg);
        }
        for (String alg : List.of("ES256", "EdDSA", "HS256", "none", "", "rs256", "RSA-OAEP")) {
            assertFalse(RSA.permits(alg), alg);
        }
        assertFalse(RSA.permits(null));
    }

    @Test
    void ecPermitsOnlyItsCurve() {
        assertTrue(EC256.permits("ES256"));
        assertFalse(EC256.permits("ES384"));
        assertFalse(EC256.permits("ES512"));
        assertFalse(EC256.permits("RS256"));
        VerificationKey p384 = new VerificationKey("x", null, Fixtures.EC_P256.getPublic(), "EC", "P-384");
        assertTrue(p384.permits("ES384"));
        assertFalse(p384.permits("ES256"));
        VerificationKey p521 = new VerificationKey("x", null, Fixtures.EC_P256.getPublic(), "EC", "P-521");
        assertTrue(p521.permits("ES512"));
    }

    @Test
    void okpPermitsEdDsaOnEdwardsCurvesOnly() {
        assertTrue(ED.permits("EdDSA"));
        assertFalse(ED.permits("ES256"));
        assertTrue(new VerificationKey(null, null, Fixtures.ED25519.getPublic(), "OKP", "Ed448").permits("EdDSA"));
        assertFalse(new VerificationKey(null, null, Fixtures.X25519.getPublic(), "OKP", "X25519").permits("EdDSA"));
    }

    @Test
    void jwkAlgMustMatchExactly() {
        VerificationKey rs256Only = new VerificationKey("r", "RS256", Fixtures.RSA_A.getPublic(), "RSA", null);
        assertTrue(rs256Only.permits("RS256"));
        assertFalse(rs256Only.permits("PS256"));
        assertFalse(rs256Only.permits("RS512"));
    }

    @Test
    void keySetIndexesByKidFirstWins() {
        VerificationKey dup = new VerificationKey("r", null, Fixtures.RSA_B.getPublic(), "RSA", null);
        VerificationKey noKid = new VerificationKey(null, null, Fixtures.RSA_B.getPublic(), "RSA", null);
        Instant now = Instant.parse("2025-01-01T00:00:00Z");
        KeySet set = KeySet.of(List.of(RSA, EC256, dup, noKid), now);
        assertSame(RSA, set.byKid("r"));
        assertSame(EC256, set.byKid("e"));
        assertNull(set.byKid("nope"));
        assertNull(set.byKid(null));
        assertEquals(4, set.size());
        assertEquals(now, set.loadedAt());
        assertFalse(set.isEmpty());
        assertThrows(UnsupportedOperationException.class, () -> set.keys().add(RSA));
        assertTrue(KeySet.empty().isEmpty());
        assertEquals(0, KeySet.empty().size());
        assertNull(KeySet.empty().loadedAt());
    }
}
