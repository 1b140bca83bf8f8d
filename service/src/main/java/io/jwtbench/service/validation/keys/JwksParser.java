package io.jwtbench.service.validation.keys;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jsonwebtoken.security.Jwk;
import io.jsonwebtoken.security.Jwks;
import io.jsonwebtoken.security.PublicJwk;
import org.jboss.logging.Logger;

import java.security.PublicKey;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * Parses a JWKS JSON document strictly.
 *
 * <p>The document as a whole is rejected ({@link JwksException}) if it is not a JSON object with a "keys" array,
 * has duplicate member names, trailing content or absurd nesting. Individual keys that are not usable signature
 * verification keys are skipped with a warning, logged once per origin and kid per process (then at DEBUG: a
 * Keycloak realm always publishes a "use":"enc" key, and every refresh would repeat it): "use" other than "sig", "key_ops" without "verify", private or
 * secret material, "oct", RSA below 2048 bits, EC curves other than P-256/384/521, OKP other than Ed25519/Ed448,
 * unknown kty, malformed members, an "alg" the key cannot serve, and repeated kids (the first wins). x5u is never
 * fetched and x5c/x5t are ignored. Keys are built by jjwt ({@link Jwks#parser()}) from the public members only,
 * which also checks EC points are on their curve.
 */
public final class JwksParser {

    private static final Logger LOG = Logger.getLogger(JwksParser.class);

    /** Depth needed by a JWKS is 4 (object, keys, key, key_ops/x5c); anything far deeper is hostile. */
    static final int MAX_NESTING_DEPTH = 16;
    static final int MIN_RSA_BITS = 2048;
    /** Larger moduli are refused: every verification with them costs quadratically more, for no security need. */
    static final int MAX_RSA_BITS = 8192;
    /** A JWKS with more keys is refused as a whole (IdPs publish a handful). */
    static final int MAX_KEYS = 100;
    /** Ed25519 field prime 2^255 - 19. */
    private static final java.math.BigInteger ED25519_P = java.math.BigInteger.TWO.pow(255).subtract(java.math.BigInteger.valueOf(19));
    /**
     * Encodings (sign bit aside) of the Ed25519 points of small order (libsodium's blocklist): with such a
     * public key, one signature verifies for many messages, so anyone can forge tokens under it.
     */
    private static final List<byte[]> ED25519_SMALL_ORDER = List.of(
            java.util.HexFormat.of().parseHex("0000000000000000000000000000000000000000000000000000000000000000"),
            java.util.HexFormat.of().parseHex("0100000000000000000000000000000000000000000000000000000000000000"),
            java.util.HexFormat.of().parseHex("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05"),
            java.util.HexFormat.of().parseHex("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a"),
            java.util.HexFormat.of().parseHex("ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"),
            java.util.HexFormat.of().parseHex("edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"),
            java.util.HexFormat.of().parseHex("eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"));

    private static final java.util.regex.Pattern BASE64URL = java.util.regex.Pattern.compile("[A-Za-z0-9_-]+");

    private static final Set<String> PRIVATE_MEMBERS = Set.of("d", "p", "q", "dp", "dq", "qi", "oth", "k");

    /** Skipped keys already warned about (origin, kid); bounded, beyond it skips are logged at DEBUG only. */
    private static final Set<String> WARNED = java.util.concurrent.ConcurrentHashMap.newKeySet();
    static final int MAX_WARNED = 10_000;
    /** Runs of base64url long enough to be key material (or a token segment) are not logged. */
    private static final java.util.regex.Pattern LONG_BASE64URL = java.util.regex.Pattern.compile("[A-Za-z0-9_-]{32,}");

    static final ObjectMapper STRICT_JSON = JsonMapper.builder(JsonFactory.builder()
                    .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                    .streamReadConstraints(StreamReadConstraints.builder()
                            .maxNestingDepth(MAX_NESTING_DEPTH)
                            .maxStringLength(2 * 1024 * 1024)
                            .maxNumberLength(100)
                            .build())
                    .build())
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    private JwksParser() {
    }

    /**
     * @param json   the document
     * @param origin where it came from, used in messages (e.g. "url:https://idp/jwks")
     * @param now    becomes {@link KeySet#loadedAt()}
     * @return the usable keys, possibly empty
     * @throws JwksException if the document as a whole is unusable
     */
    public static KeySet parse(String json, String origin, Instant now) throws JwksException {
        return parse(json, origin, now, (kid, reason) -> {
        });
    }

    /** As {@link #parse(String, String, Instant)}, also reporting each skipped key (kid may be null) and why. */
    static KeySet parse(String json, String origin, Instant now, BiConsumer<String, String> skipped)
            throws JwksException {
        JsonNode root = readObject(json, origin, "JWKS");
        JsonNode keysNode = root.get("keys");
        if (keysNode == null || !keysNode.isArray()) {
            throw new JwksException("JWKS from " + origin + " has no \"keys\" array");
        }
        if (keysNode.size() > MAX_KEYS) {
            throw new JwksException("JWKS from " + origin + " has " + keysNode.size() + " keys, more than the limit of " + MAX_KEYS);
        }
        List<VerificationKey> keys = new ArrayList<>();
        Set<String> kids = new HashSet<>();
        int index = 0;
        for (JsonNode node : keysNode) {
            String label = "#" + index++;
            try {
                VerificationKey key = toKey(node);
                if (key.kid() != null && !kids.add(key.kid())) {
                    throw new Skip("duplicate kid, the first key with this kid is kept");
                }
                keys.add(key);
            } catch (Skip e) {
                String kid = kidOf(node);
                kid = kid != null && kid.length() > 64 ? kid.substring(0, 61) + "..." : kid;
                String reason = redact(e.getMessage());
                if (firstWarning(origin, kid == null ? label : "kid:" + kid)) {
                    LOG.warnf("JWKS from %s: skipping key %s (kid=%s): %s (logged once per kid, then at DEBUG)", origin,
                            label, kid, reason);
                } else {
                    LOG.debugf("JWKS from %s: skipping key %s (kid=%s): %s", origin, label, kid, reason);
                }
                skipped.accept(kidOf(node), reason);
            }
        }
        return KeySet.of(keys, now);
    }

    /** True the first time (per process) this key of this origin is skipped. */
    private static boolean firstWarning(String origin, String key) {
        String id = origin + '\n' + key;
        if (WARNED.contains(id) || WARNED.size() >= MAX_WARNED) {
            return false;
        }
        return WARNED.add(id);
    }

    /**
     * Text for a log line or lastError with any run of 32+ base64url characters cut out: a library's
     * message or a JSON excerpt could otherwise carry a modulus, a coordinate or a token segment.
     */
    static String redact(String text) {
        return text == null ? null : LONG_BASE64URL.matcher(text).replaceAll("[redacted]");
    }

    /** Strictly reads a JSON object (also used for discovery documents). */
    static ObjectNode readObject(String json, String origin, String what) throws JwksException {
        if (json == null) {
            throw new JwksException(what + " from " + origin + " is missing");
        }
        JsonNode root;
        try {
            root = STRICT_JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new JwksException(what + " from " + origin + " is not valid JSON: " + redact(e.getOriginalMessage()), e);
        }
        if (root == null || !root.isObject()) {
            throw new JwksException(what + " from " + origin + " is not a JSON object");
        }
        return (ObjectNode) root;
    }

    private static String kidOf(JsonNode node) {
        JsonNode kid = node == null ? null : node.get("kid");
        return kid != null && kid.isTextual() ? kid.textValue() : null;
    }

    private static VerificationKey toKey(JsonNode node) throws Skip {
        if (!node.isObject()) {
            throw new Skip("not a JSON object");
        }
        String kty = optionalString(node, "kty");
        if (kty == null) {
            throw new Skip("missing \"kty\"");
        }
        String kid = optionalString(node, "kid");
        String alg = optionalString(node, "alg");
        if ("oct".equals(kty)) {
            throw new Skip("symmetric (oct) keys are not accepted");
        }
        for (String member : PRIVATE_MEMBERS) {
            if (node.has(member)) {
                throw new Skip("contains private or secret key material (\"" + member + "\"); never accepted");
            }
        }
        String use = optionalString(node, "use");
        if (use != null && !"sig".equals(use)) {
            throw new Skip("\"use\" is \"" + use + "\", not \"sig\"");
        }
        checkKeyOps(node.get("key_ops"));

        ObjectNode pub = STRICT_JSON.createObjectNode();
        pub.put("kty", kty);
        String curve;
        switch (kty) {
            case "RSA" -> {
                copyString(node, pub, "n");
                copyString(node, pub, "e");
                curve = null;
            }
            case "EC" -> {
                curve = requiredString(node, "crv");
                if (!Set.of("P-256", "P-384", "P-521").contains(curve)) {
                    throw new Skip("unsupported EC curve \"" + curve + "\"");
                }
                pub.put("crv", curve);
                copyString(node, pub, "x");
                copyString(node, pub, "y");
            }
            case "OKP" -> {
                curve = requiredString(node, "crv");
                if (!Set.of("Ed25519", "Ed448").contains(curve)) {
                    throw new Skip("OKP curve \"" + curve + "\" is not a signature curve (Ed25519/Ed448)");
                }
                pub.put("crv", curve);
                copyString(node, pub, "x");
            }
            default -> throw new Skip("unknown kty \"" + kty + "\"");
        }

        checkEncoding(kty, curve, pub);

        PublicKey key;
        try {
            Jwk<?> jwk = Jwks.parser().build().parse(pub.toString());
            if (!(jwk instanceof PublicJwk<?> publicJwk)) {
                throw new Skip("not a public key");
            }
            key = publicJwk.toKey();
        } catch (Skip e) {
            throw e;
        } catch (RuntimeException e) {
            throw new Skip("malformed key: " + e.getMessage());
        }
        if ("RSA".equals(kty)) {
            if (!(key instanceof RSAPublicKey rsa)) {
                throw new Skip("not an RSA public key");
            }
            int bits = rsa.getModulus().bitLength();
            if (bits < MIN_RSA_BITS) {
                throw new Skip("RSA modulus is " + bits + " bits, below " + MIN_RSA_BITS);
            }
            if (bits > MAX_RSA_BITS) {
                throw new Skip("RSA modulus is " + bits + " bits, above " + MAX_RSA_BITS);
            }
        } else if ("EC".equals(kty) && !(key instanceof ECPublicKey)) {
            throw new Skip("not an EC public key");
        }
        VerificationKey vk = new VerificationKey(kid, alg, key, kty, curve);
        if (alg != null && !vk.permits(alg)) {
            throw new Skip("\"alg\" \"" + alg + "\" is not a JWS signature algorithm this " + kty + " key can serve");
        }
        return vk;
    }

    private static void checkKeyOps(JsonNode ops) throws Skip {
        if (ops == null) {
            return;
        }
        if (!ops.isArray()) {
            throw new Skip("malformed \"key_ops\": not an array");
        }
        Set<String> seen = new HashSet<>();
        for (JsonNode op : ops) {
            if (!op.isTextual()) {
                throw new Skip("malformed \"key_ops\": non-string entry");
            }
            if (!seen.add(op.textValue())) {
                throw new Skip("malformed \"key_ops\": duplicate \"" + op.textValue() + "\"");
            }
        }
        if (!seen.contains("verify")) {
            throw new Skip("\"key_ops\" " + seen + " does not include \"verify\"");
        }
    }

    private static String optionalString(JsonNode node, String name) throws Skip {
        JsonNode v = node.get(name);
        if (v == null) {
            return null;
        }
        if (!v.isTextual()) {
            throw new Skip("malformed \"" + name + "\": not a string");
        }
        return v.textValue();
    }

    private static String requiredString(JsonNode node, String name) throws Skip {
        String v = optionalString(node, name);
        if (v == null || v.isEmpty()) {
            throw new Skip("missing \"" + name + "\"");
        }
        return v;
    }

    /**
     * The raw key material, before any library sees it: canonical base64url; RSA n and e without
     * leading zero octets (RFC 7518 §6.3.1), e odd in 3..2^32-1, n at most {@link #MAX_RSA_BITS};
     * EC coordinates exactly the field length (RFC 7518 §6.2.1.2); OKP x exactly the key length
     * (RFC 8037 §2), an Ed25519 y below p and not a point of small order.
     */
    private static void checkEncoding(String kty, String curve, ObjectNode pub) throws Skip {
        switch (kty) {
            case "RSA" -> {
                byte[] n = decode(pub, "n");
                byte[] e = decode(pub, "e");
                if (n.length == 0 || n[0] == 0 || e.length == 0 || e[0] == 0) {
                    throw new Skip("RSA \"n\" or \"e\" has leading zero octets (not the canonical encoding)");
                }
                if (n.length * 8L > MAX_RSA_BITS) {
                    throw new Skip("RSA modulus is " + n.length * 8 + " bits, above " + MAX_RSA_BITS);
                }
                long exponent = e.length > 4 ? -1 : new java.math.BigInteger(1, e).longValue();
                if (exponent < 3 || (exponent & 1) == 0) {
                    throw new Skip("RSA exponent must be odd and between 3 and 2^32-1 (65537 is usual)");
                }
            }
            case "EC" -> {
                int size = switch (curve) {
                    case "P-256" -> 32;
                    case "P-384" -> 48;
                    default -> 66;
                };
                if (decode(pub, "x").length != size || decode(pub, "y").length != size) {
                    throw new Skip("EC " + curve + " coordinates must be exactly " + size + " octets");
                }
            }
            case "OKP" -> {
                byte[] x = decode(pub, "x");
                int size = "Ed25519".equals(curve) ? 32 : 57;
                if (x.length != size) {
                    throw new Skip(curve + " \"x\" must be exactly " + size + " octets");
                }
                if ("Ed25519".equals(curve)) {
                    checkEd25519(x);
                }
            }
            default -> {
            }
        }
    }

    private static void checkEd25519(byte[] x) throws Skip {
        byte[] bigEndian = new byte[32];
        for (int i = 0; i < 32; i++) {
            bigEndian[31 - i] = x[i];
        }
        bigEndian[0] &= 0x7f;  // the sign bit of x
        if (new java.math.BigInteger(1, bigEndian).compareTo(ED25519_P) >= 0) {
            throw new Skip("Ed25519 public key is not canonically encoded (y >= p)");
        }
        for (byte[] small : ED25519_SMALL_ORDER) {
            int diff = 0;
            for (int i = 0; i < 31; i++) {
                diff |= x[i] ^ small[i];
            }
            diff |= (x[31] & 0x7f) ^ small[31];
            if (diff == 0) {
                throw new Skip("Ed25519 public key is a point of small order");
            }
        }
    }

    /** Strict base64url: the input must be the one canonical encoding of its bytes. */
    private static byte[] decode(ObjectNode pub, String name) throws Skip {
        String v = pub.get(name).textValue();
        byte[] bytes;
        try {
            bytes = java.util.Base64.getUrlDecoder().decode(v);
        } catch (IllegalArgumentException e) {
            throw new Skip("malformed \"" + name + "\": not base64url");
        }
        if (!java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(bytes).equals(v)) {
            throw new Skip("malformed \"" + name + "\": not the canonical base64url encoding");
        }
        return bytes;
    }

    /** Copies a base64url member, checked strictly (jjwt's decoder silently skips foreign characters). */
    private static void copyString(JsonNode from, ObjectNode to, String name) throws Skip {
        String v = requiredString(from, name);
        if (!BASE64URL.matcher(v).matches()) {
            throw new Skip("malformed \"" + name + "\": not unpadded base64url");
        }
        to.put(name, v);
    }

    /** Why a single key is skipped. */
    private static final class Skip extends Exception {
        Skip(String reason) {
            super(reason, null, false, false);
        }
    }
}
