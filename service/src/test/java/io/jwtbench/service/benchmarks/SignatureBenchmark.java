package io.jwtbench.service.benchmarks;

import io.jwtbench.service.validation.InvalidTokenException;
import io.jwtbench.service.validation.JwtValidator;
import io.jwtbench.service.validation.SignatureProvider;
import io.jwtbench.service.validation.SignatureProviders;
import io.jwtbench.service.validation.ValidatedToken;
import io.jwtbench.service.validation.keys.BouncyCastleKey;
import io.jwtbench.service.validation.keys.VerificationKey;
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

import java.security.Signature;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Every verifying library ({@code jwt.crypto.provider}) for RS256, ES256 and EdDSA (Ed25519), from one run so the
 * ratios share the machine's state:
 * <ul>
 * <li>{@code verify}: the raw verification as the validator calls it: an initialised JCA {@link Signature} of the
 * JDK or of the Amazon Corretto Crypto Provider (P1363 R||S for ECDSA), or the key's {@link BouncyCastleKey}
 * (BouncyCastle has no RSA here: that row is the JDK's, as in the validator);</li>
 * <li>{@code validateUncached}: the production {@link JwtValidator}, cache off, with that library.</li>
 * </ul>
 * Run: {@code ./scripts/jmh.sh SignatureBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
public class SignatureBenchmark {

    @Param({"RS256", "ES256", "EdDSA"})
    public String alg;

    @Param({"jdk", "bouncycastle", "accp"})
    public String provider;

    private BenchToken bench;
    private BouncyCastleKey bouncyCastle;
    private JwtValidator validator;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        bench = BenchToken.create(alg);
        SignatureProvider library = SignatureProvider.parse(provider);
        if (!library.loads()) {
            throw new IllegalStateException(provider + " does not load here");
        }
        VerificationKey key = bench.keys().current().byKid(BenchToken.KID);
        bouncyCastle = library == SignatureProvider.BOUNCYCASTLE ? key.bouncyCastle() : null;
        validator = new JwtValidator(bench.registry(), Duration.ofSeconds(30), 8192, Clock.systemUTC(), null)
                .verifyWith(SignatureProviders.all(library));
        if (!verify(new JcaVerifier(), this)) {
            throw new IllegalStateException(provider + " does not verify the token");
        }
        validator.validate(bench.token());
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        bench.keys().close();
    }

    /** One initialised JCA Signature per benchmark thread. */
    @State(Scope.Thread)
    public static class JcaVerifier {
        Signature signature;
    }

    @Benchmark
    public boolean verify(JcaVerifier v) throws Exception {
        return verify(v, this);
    }

    private static boolean verify(JcaVerifier v, SignatureBenchmark b) throws Exception {
        if (b.bouncyCastle != null) {
            return b.bouncyCastle.verify(b.bench.signingInput(), b.bench.signingInput().length, b.bench.signature());
        }
        if (v.signature == null) {
            v.signature = ValidatorBenchmark.jcaSignature(b.alg, SignatureProvider.parse(b.provider).jca());
        }
        v.signature.initVerify(b.bench.pair().getPublic());
        v.signature.update(b.bench.signingInput());
        return v.signature.verify(b.bench.signature());
    }

    @Benchmark
    public ValidatedToken validateUncached() throws InvalidTokenException {
        return validator.validate(bench.token());
    }
}
