import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.security.interfaces.RSAPublicKey;
import java.time.Instant;
import java.util.Base64;

/**
 * A throw-away RS256 (or ES256) issuer for load tests from outside (wrk): writes its JWKS to {@code args[0]}
 * and prints one Keycloak-sized access token (iss {@code args[1]}, aud "perf", valid for a day).
 * Plain JDK, run as a source file: {@code java scripts/perf/MintToken.java /tmp/jwks.json https://perf.local [ES256]}.
 */
public class MintToken {
    public static void main(String[] args) throws Exception {
        boolean ec = args.length > 2 && args[2].equals("ES256");
        KeyPairGenerator generator = KeyPairGenerator.getInstance(ec ? "EC" : "RSA");
        if (ec) {
            generator.initialize(new java.security.spec.ECGenParameterSpec("secp256r1"));
        } else {
            generator.initialize(2048);
        }
        KeyPair pair = generator.generateKeyPair();
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        String jwk;
        if (ec) {
            java.security.interfaces.ECPublicKey pub = (java.security.interfaces.ECPublicKey) pair.getPublic();
            jwk = "\"kty\":\"EC\",\"crv\":\"P-256\",\"x\":\"" + b64.encodeToString(fixed(pub.getW().getAffineX().toByteArray()))
                    + "\",\"y\":\"" + b64.encodeToString(fixed(pub.getW().getAffineY().toByteArray())) + "\"";
        } else {
            RSAPublicKey pub = (RSAPublicKey) pair.getPublic();
            jwk = "\"kty\":\"RSA\",\"n\":\"" + b64.encodeToString(unsigned(pub.getModulus().toByteArray())) + "\",\"e\":\""
                    + b64.encodeToString(unsigned(pub.getPublicExponent().toByteArray())) + "\"";
        }
        String alg = ec ? "ES256" : "RS256";
        Files.writeString(Path.of(args[0]), "{\"keys\":[{" + jwk + ",\"kid\":\"perf\",\"alg\":\"" + alg + "\",\"use\":\"sig\"}]}");

        long now = Instant.now().getEpochSecond();
        String header = "{\"alg\":\"" + alg + "\",\"typ\":\"JWT\",\"kid\":\"perf\"}";
        // about the size of a Keycloak access token: roles and profile claims pad it to ~1 KB
        String payload = "{\"iss\":\"" + args[1] + "\",\"sub\":\"f81d4fae-7dec-11d0-a765-00a0c91e6bf6\",\"aud\":\"perf\""
                + ",\"exp\":" + (now + 86_400) + ",\"iat\":" + now + ",\"azp\":\"perf-client\",\"typ\":\"Bearer\""
                + ",\"scope\":\"openid profile email\",\"email_verified\":true,\"name\":\"Perf User\""
                + ",\"preferred_username\":\"perf.user\",\"email\":\"perf.user@example.com\""
                + ",\"realm_access\":{\"roles\":[\"offline_access\",\"uma_authorization\",\"default-roles-perf\",\"orders-reader\",\"orders-writer\"]}"
                + ",\"resource_access\":{\"account\":{\"roles\":[\"manage-account\",\"manage-account-links\",\"view-profile\"]}"
                + ",\"orders-api\":{\"roles\":[\"read\",\"write\",\"admin\"]}}"
                + ",\"sid\":\"0b0f7a9e-3d5c-4a55-9a8e-2c5f3b7d1e42\",\"session_state\":\"0b0f7a9e-3d5c-4a55-9a8e-2c5f3b7d1e42\"}";
        String input = b64.encodeToString(header.getBytes(StandardCharsets.UTF_8)) + "."
                + b64.encodeToString(payload.getBytes(StandardCharsets.UTF_8));
        Signature signature = Signature.getInstance(ec ? "SHA256withECDSAinP1363Format" : "SHA256withRSA");
        signature.initSign(pair.getPrivate());
        signature.update(input.getBytes(StandardCharsets.US_ASCII));
        System.out.println(input + "." + b64.encodeToString(signature.sign()));
    }

    /** An EC coordinate as exactly 32 unsigned big-endian bytes (RFC 7518 §6.2.1.2). */
    private static byte[] fixed(byte[] twosComplement) {
        byte[] bytes = unsigned(twosComplement);
        byte[] out = new byte[32];
        System.arraycopy(bytes, 0, out, 32 - bytes.length, bytes.length);
        return out;
    }

    /** JWK integers are unsigned big-endian: drop BigInteger's sign byte. */
    private static byte[] unsigned(byte[] twosComplement) {
        return twosComplement[0] == 0 ? java.util.Arrays.copyOfRange(twosComplement, 1, twosComplement.length) : twosComplement;
    }
}
