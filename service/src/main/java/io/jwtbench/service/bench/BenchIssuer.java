package io.jwtbench.service.bench;

import io.jsonwebtoken.Jwts;
import io.jsonwebtoken.security.SecureDigestAlgorithm;
import io.jwtbench.service.config.JwtConfig;
import io.jwtbench.service.validation.Issuer;
import io.jwtbench.service.validation.IssuerRegistry;
import io.jwtbench.service.validation.JwsAlgorithm;
import io.jwtbench.service.validation.keys.KeySet;
import io.jwtbench.service.validation.keys.KeySource;
import io.jwtbench.service.validation.keys.KeySourceStatus;
import io.jwtbench.service.validation.keys.VerificationKey;
import io.jwtbench.service.web.BenchRequestPolicy;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.spec.ECGenParameterSpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The bench's own issuer: key pairs created in memory at start-up, registered as a trusted issuer
 * so that bench tokens take the full production validation path. The private keys have no
 * accessor outside this class, nothing serialises them, and the issuer is marked as never
 * accepted as a credential, so a bench token can validate but never authorizes anything; and
 * {@code /jwt/validate} answers valid for it only on a request carrying {@link #requestSecret()}
 * ({@link BenchRequestPolicy}).
 */
@Singleton
public class BenchIssuer {
    public static final String NAME = "bench";
    public static final String ISS = "urn:jwt-bench:bench-issuer";
    /** The algorithms the bench can sign with; RS256 is the default. */
    public static final Set<JwsAlgorithm> ALGORITHMS = EnumSet.of(JwsAlgorithm.RS256, JwsAlgorithm.PS256,
            JwsAlgorithm.ES256, JwsAlgorithm.EdDSA);

    private final Map<JwsAlgorithm, Signer> signers = new EnumMap<>(JwsAlgorithm.class);
    private final boolean enabled;
    private final KeySet keySet;
    /**
     * Per-process secret the jwt target sends in {@code X-Jwt-Bench-Secret}: without it,
     * {@code /jwt/validate} refuses this issuer's tokens, so they answer valid to no one but the
     * bench (a gateway using the endpoint as an auth check must not accept them).
     */
    private final String requestSecret = newSecret();

    public BenchIssuer(JwtConfig config) {
        this.enabled = config.bench().enabled();
        if (!enabled) {
            keySet = KeySet.empty();
            return;
        }
        KeyPair rsa = generate("RSA", 2048, null);
        KeyPair ec = generate("EC", 0, "secp256r1");
        KeyPair ed = generate("Ed25519", 0, null);
        signers.put(JwsAlgorithm.RS256, new Signer("bench-rsa", rsa.getPrivate(), Jwts.SIG.RS256));
        signers.put(JwsAlgorithm.PS256, new Signer("bench-rsa", rsa.getPrivate(), Jwts.SIG.PS256));
        signers.put(JwsAlgorithm.ES256, new Signer("bench-ec", ec.getPrivate(), Jwts.SIG.ES256));
        signers.put(JwsAlgorithm.EdDSA, new Signer("bench-ed", ed.getPrivate(), Jwts.SIG.EdDSA));
        List<VerificationKey> keys = new ArrayList<>();
        keys.add(new VerificationKey("bench-rsa", null, rsa.getPublic(), "RSA", null));
        keys.add(new VerificationKey("bench-ec", null, ec.getPublic(), "EC", "P-256"));
        keys.add(new VerificationKey("bench-ed", null, ed.getPublic(), "OKP", "Ed25519"));
        keySet = KeySet.of(keys, Instant.now());
    }

    public boolean enabled() {
        return enabled;
    }

    void register(@Observes StartupEvent event, IssuerRegistry registry, BenchRequestPolicy policy) {
        if (enabled) {
            policy.guard(NAME, requestSecret); // before its tokens can validate at all
            registry.register(new Issuer(NAME, ISS, new InMemoryKeys(keySet), ALGORITHMS, Set.of(), null, null,
                    List.of("sub"), Issuer.Callers.NONE));
        }
    }

    /** The value of the request header that lets this issuer's tokens be answered as valid. */
    public String requestSecret() {
        return requestSecret;
    }

    private static String newSecret() {
        byte[] bytes = new byte[32];
        new java.security.SecureRandom().nextBytes(bytes);
        return java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** A compact JWS of {@code claims} signed with the bench key for {@code alg}. */
    public String sign(JwsAlgorithm alg, Map<String, Object> claims) {
        Signer signer = signers.get(alg);
        if (signer == null) {
            throw new IllegalArgumentException("the bench issuer cannot sign " + alg + (enabled ? "" : " (disabled)"));
        }
        return Jwts.builder().header().keyId(signer.kid).type("JWT").and()
                .claims(claims)
                .signWith(signer.key, signer.algorithm)
                .compact();
    }

    private record Signer(String kid, PrivateKey key, SecureDigestAlgorithm<PrivateKey, ?> algorithm) {
    }

    private static KeyPair generate(String type, int bits, String curve) {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance(type);
            if (bits > 0) {
                generator.initialize(bits);
            } else if (curve != null) {
                generator.initialize(new ECGenParameterSpec(curve));
            }
            return generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot create the bench issuer's " + type + " key", e);
        }
    }

    /** Keys that exist only in this process: always usable, nothing to refresh. */
    private record InMemoryKeys(KeySet current) implements KeySource {
        @Override
        public CompletionStage<KeySet> refreshForUnknownKid(String kid) {
            return CompletableFuture.completedFuture(current);
        }

        @Override
        public KeySourceStatus status() {
            return new KeySourceStatus("memory (bench issuer)", true, current.size(), current.loadedAt(), null, null);
        }

        @Override
        public void start() {
        }

        @Override
        public void close() {
        }
    }
}
