package io.jwtbench.service.validation;

import static io.jwtbench.service.validation.JwsAlgorithm.ES256;
import static io.jwtbench.service.validation.JwsAlgorithm.PS256;
import static io.jwtbench.service.validation.JwsAlgorithm.RS256;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.source.ImmutableJWKSet;
import com.nimbusds.jose.proc.JWSVerificationKeySelector;
import com.nimbusds.jose.proc.SecurityContext;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.nimbusds.jwt.proc.DefaultJWTClaimsVerifier;
import com.nimbusds.jwt.proc.DefaultJWTProcessor;

import io.jwtbench.service.testing.Jws;
import io.jwtbench.service.testing.TestKey;
import io.jwtbench.service.validation.keys.KeySource;
import io.jwtbench.service.validation.keys.KeySources;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;

/**
 * A differential check against an independent library. Valid tokens are mutated (header
 * and claim values, encodings, signatures, algorithm and key confusions) and each mutant goes to both
 * the service's validator and nimbus-jose-jwt, configured with the same keys, algorithms, issuer,
 * audience, required claims and clock skew. The service must never accept a token nimbus rejects. The
 * reverse, a token nimbus accepts and the service refuses, is where the service is deliberately
 * stricter: those are tallied by algorithm, mutations and the service's reason and printed, and
 * docs/security.md lists them.
 */
class DifferentialTest {
    static final String ISS = "https://idp.test/realms/diff";
    static final String AUD = "orders-api";
    static final Duration SKEW = Duration.ofSeconds(30);
    static final TestKey RSA = TestKey.rsa("rsa-1");
    static final TestKey EC = TestKey.ec256("ec-1");
    static final TestKey ATTACKER = TestKey.rsa("rsa-1");
    static final TestKey ATTACKER_EC = TestKey.ec256("ec-1");
    static final String JWKS = TestKey.jwks(RSA, EC);
    static final ObjectMapper JSON = new ObjectMapper();
    static final BigInteger P256_ORDER = new BigInteger(
            "FFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551", 16);

    static final KeySource KEYS = started(KeySources.inline(JWKS));
    static final JwtValidator SERVICE = new JwtValidator(new IssuerRegistry(List.of(new Issuer("diff", ISS, KEYS,
            EnumSet.of(RS256, PS256, ES256), Set.of(AUD), null, null, List.of("sub"), false))), SKEW, 8192,
            Clock.systemUTC(), null);
    static final DefaultJWTProcessor<SecurityContext> NIMBUS = nimbus();

    /** Mutations nimbus accepted and the service refused: "mutation -> reason" with a count. */
    static final Map<String, AtomicInteger> STRICTER = new ConcurrentHashMap<>();
    static final AtomicInteger TRIES = new AtomicInteger();
    static final AtomicInteger BOTH_ACCEPTED = new AtomicInteger();

    static KeySource started(KeySource s) {
        s.start();
        return s;
    }

    static DefaultJWTProcessor<SecurityContext> nimbus() {
        try {
            DefaultJWTProcessor<SecurityContext> p = new DefaultJWTProcessor<>();
            p.setJWSTypeVerifier((type, context) -> {
            }); // typ is not among the checks compared here: the issuer sets no token type
            p.setJWSKeySelector(new JWSVerificationKeySelector<>(Set.of(JWSAlgorithm.RS256, JWSAlgorithm.PS256,
                    JWSAlgorithm.ES256), new ImmutableJWKSet<>(JWKSet.parse(JWKS))));
            DefaultJWTClaimsVerifier<SecurityContext> claims = new DefaultJWTClaimsVerifier<>(AUD,
                    new JWTClaimsSet.Builder().issuer(ISS).build(), Set.of("exp", "sub"));
            claims.setMaxClockSkew((int) SKEW.toSeconds());
            p.setJWTClaimsSetVerifier(claims);
            return p;
        } catch (java.text.ParseException e) {
            throw new IllegalStateException(e);
        }
    }

    enum Mutation {
        NONE, ALG_NONE, ALG_HS256_WITH_PUBLIC_KEY, ALG_RELABELLED, ALG_NOT_ALLOWED, KID_OTHER_KEY, KID_UNKNOWN,
        KID_MISSING, ATTACKER_SAME_KID, EMBEDDED_JWK, JKU_HEADER, CRIT_UNKNOWN, ISS_OTHER, ISS_TRAILING_SLASH,
        AUD_OTHER, AUD_MISSING, AUD_IN_ARRAY, EXP_PAST, EXP_WITHIN_SKEW, EXP_MISSING, EXP_AS_STRING, NBF_FUTURE,
        NBF_WITHIN_SKEW, SUB_MISSING, PAYLOAD_CHANGED_AFTER_SIGNING, SIG_BIT_FLIP, SIG_TRUNCATED, SIG_EMPTY,
        SIG_FROM_OTHER_TOKEN, B64_PADDED, B64_STANDARD_ALPHABET, DUPLICATE_ISS, ESCAPED_LONE_SURROGATE, ECDSA_HIGH_S,
        EXTRA_SEGMENT
    }

    /** A token to build: its signing key and 1 to 3 mutations, each with a number for its details. */
    record Case(TestKey key, String alg, List<Mutation> mutations, long detail) {
        @Override
        public String toString() {
            return alg + " " + mutations;
        }
    }

    @Provide
    Arbitrary<Case> cases() {
        Arbitrary<String> alg = Arbitraries.of("RS256", "PS256", "ES256");
        Arbitrary<List<Mutation>> mutations = Arbitraries.of(Mutation.class).list().ofMinSize(1).ofMaxSize(3);
        return Combinators.combine(alg, mutations, Arbitraries.longs())
                .as((a, m, d) -> new Case(a.equals("ES256") ? EC : RSA, a, m, d));
    }

    @Property(tries = 600)
    void theServiceNeverAcceptsWhatNimbusRejects(@ForAll("cases") Case c) throws Exception {
        TRIES.incrementAndGet();
        String token = build(c);
        String nimbusRejection = nimbusRejection(token);
        Reason serviceRejection = serviceRejection(token);
        if (serviceRejection == null && nimbusRejection != null) {
            throw new AssertionError("the service accepted what nimbus rejects (" + nimbusRejection + "): " + c + " "
                    + token);
        }
        if (serviceRejection != null && nimbusRejection == null) {
            String mutations = c.mutations().stream().filter(m -> m != Mutation.NONE).distinct().sorted()
                    .map(Enum::name).collect(java.util.stream.Collectors.joining(" + "));
            STRICTER.computeIfAbsent(c.alg() + " " + mutations + " -> " + serviceRejection, k -> new AtomicInteger())
                    .incrementAndGet();
        }
        if (serviceRejection == null) {
            BOTH_ACCEPTED.incrementAndGet();
        }
    }

    @AfterContainer
    static void printWhereTheServiceIsStricter() {
        System.out.printf("DifferentialTest: %d tokens, %d accepted by both; nimbus accepted and the service refused:%n",
                TRIES.get(), BOTH_ACCEPTED.get());
        new TreeMap<>(STRICTER).forEach((k, v) -> System.out.printf("  %-70s %d%n", k, v.get()));
        KEYS.close();
    }

    static Reason serviceRejection(String token) {
        try {
            SERVICE.validate(token);
            return null;
        } catch (InvalidTokenException e) {
            return e.reason();
        }
    }

    static String nimbusRejection(String token) {
        try {
            NIMBUS.process(SignedJWT.parse(token), null);
            return null;
        } catch (Exception e) {
            return e.getClass().getSimpleName() + ": " + e.getMessage();
        }
    }

    // --- building a mutant ------------------------------------------------------------------------

    static String build(Case c) throws Exception {
        long now = Instant.now().getEpochSecond();
        Map<String, Object> header = new LinkedHashMap<>();
        header.put("alg", c.alg());
        header.put("typ", "JWT");
        header.put("kid", c.key().kid());
        Map<String, Object> claims = new LinkedHashMap<>();
        claims.put("iss", ISS);
        claims.put("aud", AUD);
        claims.put("sub", "user-42");
        claims.put("iat", now);
        claims.put("exp", now + 600);
        TestKey signer = c.key();
        String signAs = c.alg();
        List<Mutation> ms = c.mutations();
        for (Mutation m : ms) {
            switch (m) {
                case ALG_NONE -> header.put("alg", "none");
                case ALG_HS256_WITH_PUBLIC_KEY -> header.put("alg", "HS256");
                case ALG_RELABELLED -> header.put("alg", c.alg().equals("ES256") ? "RS256" : "ES256");
                case ALG_NOT_ALLOWED -> {
                    if (!c.alg().equals("ES256")) {
                        header.put("alg", "RS512");
                        signAs = "RS512";
                    } else {
                        header.put("alg", "EdDSA");
                    }
                }
                case KID_OTHER_KEY -> header.put("kid", c.key() == RSA ? EC.kid() : RSA.kid());
                case KID_UNKNOWN -> header.put("kid", "kid-" + Long.toHexString(c.detail()));
                case KID_MISSING -> header.remove("kid");
                case ATTACKER_SAME_KID -> signer = c.key() == EC ? ATTACKER_EC : ATTACKER;
                case EMBEDDED_JWK -> {
                    signer = c.key() == EC ? ATTACKER_EC : ATTACKER;
                    header.put("jwk", JSON.readValue(signer.jwk(), Map.class));
                }
                case JKU_HEADER -> header.put("jku", "https://attacker.test/jwks");
                case CRIT_UNKNOWN -> {
                    header.put("crit", List.of("x-policy"));
                    header.put("x-policy", 1);
                }
                case ISS_OTHER -> claims.put("iss", "https://attacker.test/realms/diff");
                case ISS_TRAILING_SLASH -> claims.put("iss", ISS + "/");
                case AUD_OTHER -> claims.put("aud", "other-api");
                case AUD_MISSING -> claims.remove("aud");
                case AUD_IN_ARRAY -> claims.put("aud", List.of("account", AUD));
                case EXP_PAST -> claims.put("exp", now - 3600);
                case EXP_WITHIN_SKEW -> claims.put("exp", now - 5);
                case EXP_MISSING -> claims.remove("exp");
                case EXP_AS_STRING -> claims.put("exp", String.valueOf(now + 600));
                case NBF_FUTURE -> claims.put("nbf", now + 3600);
                case NBF_WITHIN_SKEW -> claims.put("nbf", now + 5);
                case SUB_MISSING -> claims.remove("sub");
                default -> {
                }
            }
        }
        String headerJson = JSON.writeValueAsString(header);
        String payloadJson = JSON.writeValueAsString(claims);
        if (ms.contains(Mutation.DUPLICATE_ISS)) { // first the attacker's, then the expected one (last wins in lax parsers)
            payloadJson = "{\"iss\":\"https://attacker.test/\"," + payloadJson.substring(1);
        }
        if (ms.contains(Mutation.ESCAPED_LONE_SURROGATE)) {
            payloadJson = payloadJson.replace("\"user-42\"", "\"user-\\ud800\"");
        }
        String input = b64(headerJson) + "." + b64(payloadJson);
        byte[] signature = sign(header.get("alg").toString(), signAs, signer, input);
        if (ms.contains(Mutation.ECDSA_HIGH_S) && signature.length == 64 && c.alg().equals("ES256")) {
            BigInteger s = new BigInteger(1, java.util.Arrays.copyOfRange(signature, 32, 64));
            byte[] high = P256_ORDER.subtract(s).toByteArray();
            byte[] fixed = new byte[32];
            System.arraycopy(high, Math.max(0, high.length - 32), fixed, Math.max(0, 32 - high.length), Math.min(32, high.length));
            System.arraycopy(fixed, 0, signature, 32, 32);
        }
        String sig = Base64.getUrlEncoder().withoutPadding().encodeToString(signature);
        for (Mutation m : ms) {
            switch (m) {
                case PAYLOAD_CHANGED_AFTER_SIGNING -> input = b64(headerJson) + "." + b64(payloadJson.replace("user-42", "admin"));
                case SIG_BIT_FLIP -> {
                    if (!sig.isEmpty()) {
                        int at = (int) Math.floorMod(c.detail(), sig.length() - 1);
                        char flipped = sig.charAt(at) == 'A' ? 'B' : 'A';
                        sig = sig.substring(0, at) + flipped + sig.substring(at + 1);
                    }
                }
                case SIG_TRUNCATED -> sig = sig.substring(0, sig.length() / 2);
                case SIG_EMPTY -> sig = "";
                case SIG_FROM_OTHER_TOKEN -> sig = Base64.getUrlEncoder().withoutPadding().encodeToString(
                        Jws.signature(signAs.equals("ES256") ? "ES256" : "RS256", signer,
                                (b64(headerJson) + "." + b64("{\"sub\":\"other\"}")).getBytes(StandardCharsets.US_ASCII)));
                default -> {
                }
            }
        }
        String token = input + "." + sig;
        if (ms.contains(Mutation.B64_PADDED)) {
            String[] parts = token.split("\\.", -1);
            token = parts[0] + "." + parts[1] + "=" + "." + parts[2];
        }
        if (ms.contains(Mutation.B64_STANDARD_ALPHABET)) {
            token = token.replace('-', '+').replace('_', '/');
        }
        if (ms.contains(Mutation.EXTRA_SEGMENT)) {
            token = token + ".e30";
        }
        return token;
    }

    static byte[] sign(String headerAlg, String signAs, TestKey signer, String input) throws Exception {
        byte[] bytes = input.getBytes(StandardCharsets.US_ASCII);
        return switch (headerAlg) {
            case "none", "EdDSA" -> new byte[0];
            case "HS256" -> {
                Mac mac = Mac.getInstance("HmacSHA256"); // keyed with the public key's bytes: the classic confusion
                mac.init(new SecretKeySpec(signer.publicKey().getEncoded(), "HmacSHA256"));
                yield mac.doFinal(bytes);
            }
            default -> Jws.signature(signAs, signer, bytes);
        };
    }

    static String b64(String json) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }
}
