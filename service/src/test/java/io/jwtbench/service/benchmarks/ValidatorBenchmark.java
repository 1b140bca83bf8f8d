package io.jwtbench.service.benchmarks;

import io.jsonwebtoken.Jwts;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jwtbench.service.bench.KeycloakLikeClaims;
import io.jwtbench.service.validation.InvalidTokenException;
import io.jwtbench.service.validation.JwtValidator;
import io.jwtbench.service.validation.TokenCache;
import io.jwtbench.service.validation.ValidatedToken;
import io.jwtbench.service.validation.keys.KeySource;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PSSParameterSpec;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.concurrent.TimeUnit;

/**
 * What validation costs beyond the signature check itself. For each algorithm, in one run:
 * <ul>
 * <li>{@code rawJcaVerify}: the baseline, a JCA {@link Signature#verify} of the same token's
 * signing input with an initialised {@code Signature} (nothing but crypto);</li>
 * <li>{@code validateUncached}: the production {@link JwtValidator}, cache off: every rule;</li>
 * <li>{@code validateCached}: the same validator with its token cache, after the first call;</li>
 * <li>{@code jjwtParser}: jjwt's own {@code JwtParser} with the issuer's key, for reference.</li>
 * </ul>
 * The validators use the production default ({@code jwt.crypto.provider=auto}: the Amazon Corretto Crypto Provider
 * where it loads); {@link SignatureBenchmark} puts the JDK, BouncyCastle and ACCP side by side.
 * Run: {@code ./scripts/jmh.sh ValidatorBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class ValidatorBenchmark {
    @Param({"RS256", "PS256", "ES256", "EdDSA"})
    public String alg;

    private String token;
    private KeySource keys;
    private JwtValidator uncached;
    private JwtValidator cached;
    private io.jsonwebtoken.JwtParser jjwt;
    private PublicKey publicKey;
    private byte[] signingInput;
    private byte[] signature;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        BenchToken bench = BenchToken.create(alg);
        token = bench.token();
        keys = bench.keys();
        publicKey = bench.pair().getPublic();
        uncached = new JwtValidator(bench.registry(), Duration.ofSeconds(30), 8192, Clock.systemUTC(), null);
        cached = new JwtValidator(bench.registry(), Duration.ofSeconds(30), 8192, Clock.systemUTC(), new TokenCache(10_000));
        cached.validate(token);
        jjwt = Jwts.parser().verifyWith(publicKey).requireIssuer(BenchToken.ISS).build();
        signingInput = bench.signingInput();
        signature = bench.signature();
        if (!rawJcaVerify(new Verifier(), this)) {
            throw new IllegalStateException("baseline does not verify the token");
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        keys.close();
    }

    /** One initialised JCA Signature per benchmark thread, as a tuned caller would hold it. */
    @State(Scope.Thread)
    public static class Verifier {
        Signature signature;

        @Setup(Level.Trial)
        public void setUp(ValidatorBenchmark b) throws Exception {
            signature = jcaSignature(b.alg);
        }
    }

    @Benchmark
    public boolean rawJcaVerify(Verifier v) throws Exception {
        return rawJcaVerify(v, this);
    }

    private static boolean rawJcaVerify(Verifier v, ValidatorBenchmark b) throws Exception {
        if (v.signature == null) {
            v.setUp(b);
        }
        v.signature.initVerify(b.publicKey);
        v.signature.update(b.signingInput);
        return v.signature.verify(b.signature);
    }

    @Benchmark
    public ValidatedToken validateUncached() throws InvalidTokenException {
        return uncached.validate(token);
    }

    @Benchmark
    public ValidatedToken validateCached() throws InvalidTokenException {
        return cached.validate(token);
    }

    @Benchmark
    public Object jjwtParser() {
        return jjwt.parseSignedClaims(token).getPayload();
    }

    /** The JCA signature for a JWS alg, configured as JWS requires (PSS parameters, R||S for ECDSA). */
    static Signature jcaSignature(String alg) throws Exception {
        return jcaSignature(alg, null);
    }

    /** @param provider null: the JDK's */
    static Signature jcaSignature(String alg, java.security.Provider provider) throws Exception {
        String name = switch (alg) {
            case "RS256" -> "SHA256withRSA";
            case "PS256" -> "RSASSA-PSS";
            case "ES256" -> "SHA256withECDSAinP1363Format";
            default -> "Ed25519";
        };
        Signature s = provider == null ? Signature.getInstance(name) : Signature.getInstance(name, provider);
        if (alg.equals("PS256")) {
            s.setParameter(new PSSParameterSpec("SHA-256", "MGF1", MGF1ParameterSpec.SHA256, 32, 1));
        }
        return s;
    }

    /** The bench target's Keycloak-shaped access token (~1 KB), signed with plain JCA. */
    static final class KeycloakLikeToken {
        static String mint(String iss, String kid, String alg, KeyPair pair) throws Exception {
            long now = Instant.now().getEpochSecond();
            String header = "{\"alg\":\"" + alg + "\",\"typ\":\"JWT\",\"kid\":\"" + kid + "\"}";
            String payload = new ObjectMapper().writeValueAsString(KeycloakLikeClaims.create(iss, 42, now, now + 86_400));
            Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
            String input = b64.encodeToString(header.getBytes(StandardCharsets.UTF_8)) + "."
                    + b64.encodeToString(payload.getBytes(StandardCharsets.UTF_8));
            Signature s = jcaSignature(alg);
            s.initSign(pair.getPrivate());
            s.update(input.getBytes(StandardCharsets.US_ASCII));
            return input + "." + b64.encodeToString(s.sign());
        }
    }

}
