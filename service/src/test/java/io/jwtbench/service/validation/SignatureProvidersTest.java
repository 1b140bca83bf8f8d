package io.jwtbench.service.validation;

import io.jwtbench.service.testing.Jws;
import io.jwtbench.service.testing.TestKey;
import io.jwtbench.service.validation.keys.BouncyCastleKey;
import io.jwtbench.service.validation.keys.VerificationKey;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECPoint;
import java.security.spec.ECPublicKeySpec;
import java.security.spec.EdECPoint;
import java.security.spec.EdECPublicKeySpec;
import java.security.spec.NamedParameterSpec;
import java.util.Arrays;

import static io.jwtbench.service.validation.SignatureBytes.concat;
import static io.jwtbench.service.validation.SignatureBytes.fixed32;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The JDK, BouncyCastle and the Amazon Corretto Crypto Provider verify the same way ({@code jwt.crypto.*}): every
 * case runs with each, on real signatures and on signatures altered the ways attacks alter them.
 */
class SignatureProvidersTest {
    static final TestKey EC = TestKey.ec256("ec");
    static final TestKey ED = TestKey.ed25519("ed");
    static final VerificationKey EC_KEY = new VerificationKey("ec", null, EC.publicKey(), "EC", "P-256");
    static final VerificationKey ED_KEY = new VerificationKey("ed", null, ED.publicKey(), "OKP", "Ed25519");
    static final BigInteger N = SignatureBytes.P256_N;
    static final byte[] INPUT = "eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ1c2VyLTQyIn0".getBytes(StandardCharsets.US_ASCII);

    /** As the validator calls it: an exception about a malformed signature is a refusal. */
    static boolean verify(SignatureProvider provider, JwsAlgorithm alg, VerificationKey key, byte[] input, byte[] signature) {
        try {
            return alg.verify(key, input, input.length, signature, SignatureProviders.all(provider));
        } catch (java.security.GeneralSecurityException | RuntimeException malformed) {
            return false;
        }
    }

    static byte[] es256(byte[] input) {
        return Jws.signature("ES256", EC, input);
    }

    static byte[] ed25519(byte[] input) {
        return Jws.signature("EdDSA", ED, input);
    }

    @ParameterizedTest
    @EnumSource(SignatureProvider.class)
    void realSignaturesVerifyAndAnyChangedByteDoesNot(SignatureProvider provider) throws Exception {
        for (JwsAlgorithm alg : new JwsAlgorithm[] {JwsAlgorithm.ES256, JwsAlgorithm.EdDSA}) {
            VerificationKey key = alg == JwsAlgorithm.ES256 ? EC_KEY : ED_KEY;
            byte[] signature = alg == JwsAlgorithm.ES256 ? es256(INPUT) : ed25519(INPUT);
            assertTrue(verify(provider, alg, key, INPUT, signature), alg + " " + provider);
            byte[] tamperedInput = INPUT.clone();
            tamperedInput[tamperedInput.length - 1] ^= 1;
            assertFalse(verify(provider, alg, key, tamperedInput, signature), alg + " input changed");
            for (int i = 0; i < signature.length; i += 7) {
                byte[] flipped = signature.clone();
                flipped[i] ^= 0x10;
                assertFalse(verify(provider, alg, key, INPUT, flipped), alg + " signature byte " + i);
            }
            VerificationKey other = alg == JwsAlgorithm.ES256
                    ? new VerificationKey("o", null, TestKey.ec256("o").publicKey(), "EC", "P-256")
                    : new VerificationKey("o", null, TestKey.ed25519("o").publicKey(), "OKP", "Ed25519");
            assertFalse(verify(provider, alg, other, INPUT, signature), alg + " another key");
        }
    }

    @ParameterizedTest
    @EnumSource(SignatureProvider.class)
    void ecdsaTakesOnlyRAndSOfThirtyTwoBytesEachWithinOneToNMinusOne(SignatureProvider provider) throws Exception {
        assertEquals(((ECPublicKey) EC.publicKey()).getParams().getOrder(), N, "the n these cases use is P-256's");
        byte[] good = es256(INPUT);
        byte[] r = Arrays.copyOfRange(good, 0, 32);
        byte[] s = Arrays.copyOfRange(good, 32, 64);
        assertFalse(verify(provider, JwsAlgorithm.ES256, EC_KEY, INPUT, Jws.signature("ES256-DER", EC, INPUT)), "DER");
        assertFalse(verify(provider, JwsAlgorithm.ES256, EC_KEY, INPUT, new byte[64]), "r = s = 0 (CVE-2022-21449)");
        assertFalse(verify(provider, JwsAlgorithm.ES256, EC_KEY, INPUT, concat(fixed32(N), fixed32(N))), "r = s = n");
        assertFalse(verify(provider, JwsAlgorithm.ES256, EC_KEY, INPUT, concat(r, fixed32(N))), "s = n");
        assertFalse(verify(provider, JwsAlgorithm.ES256, EC_KEY, INPUT, concat(fixed32(N), s)), "r = n");
        assertFalse(verify(provider, JwsAlgorithm.ES256, EC_KEY, INPUT, Arrays.copyOf(good, 63)), "63 bytes");
        assertFalse(verify(provider, JwsAlgorithm.ES256, EC_KEY, INPUT, concat(new byte[] {0}, good)), "65 bytes");
        // ECDSA's own malleability, n - s, is accepted by both (neither the JDK nor JWS requires low S).
        assertTrue(verify(provider, JwsAlgorithm.ES256, EC_KEY, INPUT, concat(r, fixed32(N.subtract(new BigInteger(1, s))))));
    }

    @ParameterizedTest
    @EnumSource(SignatureProvider.class)
    void ed25519RefusesANonCanonicalSAndR(SignatureProvider provider) throws Exception {
        byte[] good = ed25519(INPUT);
        assertFalse(verify(provider, JwsAlgorithm.EdDSA, ED_KEY, INPUT, SignatureBytes.ed25519SPlusL(good)),
                "S + L (malleated S, RFC 8032 §5.1.7)");
        byte[] rNotCanonical = good.clone();
        Arrays.fill(rNotCanonical, 0, 32, (byte) 0xff);
        rNotCanonical[31] = 0x7f;
        assertFalse(verify(provider, JwsAlgorithm.EdDSA, ED_KEY, INPUT, rNotCanonical), "R with y >= p");
        byte[] rIdentity = good.clone();
        Arrays.fill(rIdentity, 0, 32, (byte) 0);
        rIdentity[0] = 1;
        assertFalse(verify(provider, JwsAlgorithm.EdDSA, ED_KEY, INPUT, rIdentity), "R the identity (small order)");
        assertFalse(verify(provider, JwsAlgorithm.EdDSA, ED_KEY, INPUT, Arrays.copyOf(good, 63)), "63 bytes");
        assertFalse(verify(provider, JwsAlgorithm.EdDSA, ED_KEY, INPUT, new byte[64]), "all zero");
    }

    @Test
    void bouncyCastleRefusesKeysOffTheCurveOrOfSmallOrderAndLeavesRsaToTheJdk() throws Exception {
        ECPublicKey ec = (ECPublicKey) EC.publicKey();
        ECPoint shifted = new ECPoint(ec.getW().getAffineX(), ec.getW().getAffineY().add(BigInteger.ONE));
        PublicKey offCurve = KeyFactory.getInstance("EC").generatePublic(new ECPublicKeySpec(shifted, ec.getParams()));
        assertInstanceOf(BouncyCastleKey.Refused.class, BouncyCastleKey.of(offCurve, "EC", "P-256"));
        assertFalse(verify(SignatureProvider.BOUNCYCASTLE, JwsAlgorithm.ES256,
                new VerificationKey("x", null, offCurve, "EC", "P-256"), INPUT, es256(INPUT)));
        // A P-256 key labelled P-384 is not a P-384 point.
        assertInstanceOf(BouncyCastleKey.Refused.class, BouncyCastleKey.of(ec, "EC", "P-384"));

        PublicKey identity = KeyFactory.getInstance("Ed25519")
                .generatePublic(new EdECPublicKeySpec(NamedParameterSpec.ED25519, new EdECPoint(false, BigInteger.ONE)));
        assertInstanceOf(BouncyCastleKey.Refused.class, BouncyCastleKey.of(identity, "OKP", "Ed25519"));

        assertNull(BouncyCastleKey.of(TestKey.rsa("r").publicKey(), "RSA", null));
        assertInstanceOf(BouncyCastleKey.Ecdsa.class, BouncyCastleKey.of(ec, "EC", "P-256"));
        assertInstanceOf(BouncyCastleKey.Ed25519Key.class, BouncyCastleKey.of(ED.publicKey(), "OKP", "Ed25519"));
    }

    @Test
    void rsaIsVerifiedByTheJdkWhateverTheEcAndEdSettings() throws Exception {
        TestKey rsa = TestKey.rsa("r");
        VerificationKey key = new VerificationKey("r", null, rsa.publicKey(), "RSA", null);
        byte[] signature = Jws.signature("RS256", rsa, INPUT);
        assertTrue(verify(SignatureProvider.BOUNCYCASTLE, JwsAlgorithm.RS256, key, INPUT, signature));
    }

    @ParameterizedTest
    @EnumSource(SignatureProvider.class)
    void rsaSignaturesVerifyAndAnyChangedByteDoesNot(SignatureProvider provider) throws Exception {
        TestKey rsa = TestKey.rsa("r");
        VerificationKey key = new VerificationKey("r", null, rsa.publicKey(), "RSA", null);
        VerificationKey other = new VerificationKey("o", null, TestKey.rsa("o").publicKey(), "RSA", null);
        for (JwsAlgorithm alg : new JwsAlgorithm[] {JwsAlgorithm.RS256, JwsAlgorithm.PS256}) {
            byte[] signature = Jws.signature(alg.name(), rsa, INPUT);
            assertTrue(verify(provider, alg, key, INPUT, signature), alg + " " + provider);
            for (int i = 0; i < signature.length; i += 31) {
                byte[] flipped = signature.clone();
                flipped[i] ^= 0x10;
                assertFalse(verify(provider, alg, key, INPUT, flipped), alg + " signature byte " + i);
            }
            assertFalse(verify(provider, alg, key, INPUT, Arrays.copyOf(signature, signature.length - 1)), alg + " shortened");
            assertFalse(verify(provider, alg, other, INPUT, signature), alg + " another key");
        }
    }

    /** The platform the service ships for (the dependency's classifier): there, ACCP loads and auto picks it. */
    @Test
    void accpLoadsOnLinuxX8664AndAutoPicksIt() {
        Assumptions.assumeTrue(System.getProperty("os.name").equals("Linux") && System.getProperty("os.arch").equals("amd64"),
                "ACCP's bundled library is built for Linux x86-64");
        assertTrue(SignatureProvider.ACCP.loads(), "ACCP does not load: " + SignatureProviders.accpLoadingError());
        assertEquals(SignatureProviders.all(SignatureProvider.ACCP), SignatureProviders.auto());
        assertTrue(SignatureProviders.auto().describe().contains("Amazon Corretto Crypto Provider"),
                SignatureProviders.auto().describe());
    }

    @Test
    void configValuesParse() {
        assertEquals(SignatureProvider.JDK, SignatureProvider.parse("jdk"));
        assertEquals(SignatureProvider.BOUNCYCASTLE, SignatureProvider.parse(" BouncyCastle "));
        assertEquals(SignatureProvider.ACCP, SignatureProvider.parse("ACCP"));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> SignatureProvider.parse("bc"));
    }
}
