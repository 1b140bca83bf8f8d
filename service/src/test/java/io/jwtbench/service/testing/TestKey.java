package io.jwtbench.service.testing;

import java.math.BigInteger;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.util.Arrays;
import java.util.Base64;

/**
 * A real key pair generated for a test, with its public JWK written by hand (not by jjwt), so
 * the service's JWKS handling is checked against the RFC 7517/7518/8037 text, not against itself.
 */
public record TestKey(String kid, String alg, PrivateKey privateKey, PublicKey publicKey, String extraJwkMembers) {

    public static TestKey rsa(String kid) {
        return rsa(kid, "RS256", 2048);
    }

    public static TestKey rsa(String kid, String alg, int bits) {
        return generate(kid, alg, "RSA", bits, null);
    }

    public static TestKey ec256(String kid) {
        return generate(kid, "ES256", "EC", 0, "secp256r1");
    }

    public static TestKey ed25519(String kid) {
        return generate(kid, "EdDSA", "Ed25519", 0, null);
    }

    /** The same key with extra JWK members, e.g. {@code "use":"enc"} or {@code "alg":"RS256"}. */
    public TestKey withJwkMembers(String members) {
        return new TestKey(kid, alg, privateKey, publicKey, members);
    }

    public TestKey withKid(String otherKid) {
        return new TestKey(otherKid, alg, privateKey, publicKey, extraJwkMembers);
    }

    public TestKey withAlg(String otherAlg) {
        return new TestKey(kid, otherAlg, privateKey, publicKey, extraJwkMembers);
    }

    private static TestKey generate(String kid, String alg, String type, int bits, String curve) {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance(type);
            if (bits > 0) {
                generator.initialize(bits);
            } else if (curve != null) {
                generator.initialize(new ECGenParameterSpec(curve));
            }
            KeyPair pair = generator.generateKeyPair();
            return new TestKey(kid, alg, pair.getPrivate(), pair.getPublic(), null);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** The public JWK as JSON. */
    public String jwk() {
        StringBuilder json = new StringBuilder("{");
        if (kid != null) {
            json.append("\"kid\":\"").append(kid).append("\",");
        }
        if (extraJwkMembers != null) {
            json.append(extraJwkMembers).append(',');
        }
        if (publicKey instanceof RSAPublicKey rsa) {
            json.append("\"kty\":\"RSA\",\"n\":\"").append(b64(unsigned(rsa.getModulus())))
                    .append("\",\"e\":\"").append(b64(unsigned(rsa.getPublicExponent()))).append('"');
        } else if (publicKey instanceof ECPublicKey ec) {
            json.append("\"kty\":\"EC\",\"crv\":\"P-256\",\"x\":\"").append(b64(fixed(ec.getW().getAffineX(), 32)))
                    .append("\",\"y\":\"").append(b64(fixed(ec.getW().getAffineY(), 32))).append('"');
        } else {
            // RFC 8037: x is the raw 32-byte key, the tail of the X.509 SubjectPublicKeyInfo.
            byte[] spki = publicKey.getEncoded();
            json.append("\"kty\":\"OKP\",\"crv\":\"Ed25519\",\"x\":\"")
                    .append(b64(Arrays.copyOfRange(spki, spki.length - 32, spki.length))).append('"');
        }
        return json.append('}').toString();
    }

    public static String jwks(TestKey... keys) {
        StringBuilder json = new StringBuilder("{\"keys\":[");
        for (int i = 0; i < keys.length; i++) {
            json.append(i == 0 ? "" : ",").append(keys[i].jwk());
        }
        return json.append("]}").toString();
    }

    static String b64(byte[] bytes) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    private static byte[] unsigned(BigInteger value) {
        byte[] bytes = value.toByteArray();
        return bytes[0] == 0 && bytes.length > 1 ? Arrays.copyOfRange(bytes, 1, bytes.length) : bytes;
    }

    private static byte[] fixed(BigInteger value, int length) {
        byte[] bytes = unsigned(value);
        byte[] out = new byte[length];
        System.arraycopy(bytes, 0, out, length - bytes.length, bytes.length);
        return out;
    }
}
