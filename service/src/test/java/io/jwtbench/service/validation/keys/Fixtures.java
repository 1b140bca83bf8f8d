package io.jwtbench.service.validation.keys;

import io.jsonwebtoken.security.Jwks;
import io.jsonwebtoken.security.PublicJwk;

import java.math.BigInteger;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.util.Arrays;
import java.util.Base64;
import java.util.stream.Collectors;

/** Real keys generated once per JVM, and JWKS JSON built from them. */
final class Fixtures {

    static final KeyPair RSA_A = rsa(2048);
    static final KeyPair RSA_B = rsa(2048);
    static final KeyPair RSA_1024 = rsa(1024);
    static final KeyPair EC_P256 = ec("secp256r1");
    static final KeyPair ED25519 = generate("Ed25519");
    static final KeyPair X25519 = generate("X25519");

    private Fixtures() {
    }

    static KeyPair rsa(int bits) {
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
            g.initialize(bits);
            return g.generateKeyPair();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static KeyPair ec(String curve) {
        try {
            KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
            g.initialize(new ECGenParameterSpec(curve));
            return g.generateKeyPair();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static KeyPair generate(String alg) {
        try {
            return KeyPairGenerator.getInstance(alg).generateKeyPair();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Public RSA JWK built by jjwt. */
    static String rsaJwk(KeyPair kp, String kid) {
        return Jwks.json(Jwks.builder().key((RSAPublicKey) kp.getPublic()).id(kid).build());
    }

    static String ecJwk(KeyPair kp, String kid) {
        return Jwks.json(Jwks.builder().key((ECPublicKey) kp.getPublic()).id(kid).build());
    }

    static String okpJwk(KeyPair kp, String kid) {
        PublicJwk<?> jwk = Jwks.builder().octetKey(kp.getPublic()).id(kid).build();
        return Jwks.json(jwk);
    }

    /** A hand-written RSA JWK (no jjwt involved) with use/alg/key_ops. */
    static String handWrittenRsa(KeyPair kp, String kid, String extraMembers) {
        RSAPublicKey pub = (RSAPublicKey) kp.getPublic();
        return "{\"kty\":\"RSA\",\"kid\":\"" + kid + "\",\"n\":\"" + b64u(pub.getModulus()) + "\",\"e\":\""
                + b64u(pub.getPublicExponent()) + "\"" + (extraMembers.isEmpty() ? "" : "," + extraMembers) + "}";
    }

    static String b64u(BigInteger v) {
        byte[] bytes = v.toByteArray();
        if (bytes.length > 1 && bytes[0] == 0) {
            bytes = Arrays.copyOfRange(bytes, 1, bytes.length);
        }
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    static String jwks(String... jwks) {
        return Arrays.stream(jwks).collect(Collectors.joining(",", "{\"keys\":[", "]}"));
    }

    /** Set A: RSA "a1" and EC "a2". */
    static String setA() {
        return jwks(rsaJwk(RSA_A, "a1"), ecJwk(EC_P256, "a2"));
    }

    /** Set B: set A plus the rotated-in RSA "b1". */
    static String setB() {
        return jwks(rsaJwk(RSA_A, "a1"), ecJwk(EC_P256, "a2"), rsaJwk(RSA_B, "b1"));
    }
}
