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
 * verification keys are skipped with a warning: "use" other than "sig", "key_ops" without "verify", private or
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

    private static final java.util.regex.Pattern BASE64URL = java.util.regex.Pattern.compile("[A-Za-z0-9_-]+");

    private static final Set<String> PRIVATE_MEMBERS = Set.of("d", "p", "q", "dp", "dq", "qi", "oth", "k");

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
                LOG.warnf("JWKS from %s: skipping key %s (kid=%s): %s", origin, label, kidOf(node), e.getMessage());
                skipped.accept(kidOf(node), e.getMessage());
            }
        }
        return KeySet.of(keys, now);
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
            throw new JwksException(what + " from " + origin + " is not valid JSON: " + e.getOriginalMessage(), e);
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
