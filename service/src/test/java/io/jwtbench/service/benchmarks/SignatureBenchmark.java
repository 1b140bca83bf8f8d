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
 * The JDK against BouncyCastle ({@code jwt.crypto.ecdsa}, {@code jwt.crypto.eddsa}) for ES256 and
 * EdDSA (Ed25519), from one run so the ratios share the machine's state:
 * <ul>
 * <li>{@code jdkVerify}: an initialised JCA {@link Signature} (P1363 R||S for ECDSA);</li>
 * <li>{@code bouncyCastleVerify}: the key's {@link BouncyCastleKey}, as the validator calls it;</li>
 * <li>{@code jdkValidateUncached}, {@code bouncyCastleValidateUncached}: the production
 * {@link JwtValidator}, cache off, with that provider.</li>
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

    @Param({"ES256", "EdDSA"})
    public String alg;

    private BenchToken bench;
    private BouncyCastleKey bouncyCastle;
    private JwtValidator jdk;
    private JwtValidator bc;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        bench = BenchToken.create(alg);
        VerificationKey key = bench.keys().current().byKid(BenchToken.KID);
        bouncyCastle = key.bouncyCastle();
        jdk = validator(SignatureProvider.JDK);
        bc = validator(SignatureProvider.BOUNCYCASTLE);
        if (!jdkVerify(new JcaVerifier(), this) || !bouncyCastleVerify()) {
            throw new IllegalStateException("a baseline does not verify the token");
        }
        jdk.validate(bench.token());
        bc.validate(bench.token());
    }

    private JwtValidator validator(SignatureProvider provider) {
        return new JwtValidator(bench.registry(), Duration.ofSeconds(30), 8192, Clock.systemUTC(), null)
                .verifyWith(SignatureProviders.all(provider));
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
    public boolean jdkVerify(JcaVerifier v) throws Exception {
        return jdkVerify(v, this);
    }

    private static boolean jdkVerify(JcaVerifier v, SignatureBenchmark b) throws Exception {
        if (v.signature == null) {
            v.signature = ValidatorBenchmark.jcaSignature(b.alg);
        }
        v.signature.initVerify(b.bench.pair().getPublic());
        v.signature.update(b.bench.signingInput());
        return v.signature.verify(b.bench.signature());
    }

    @Benchmark
    public boolean bouncyCastleVerify() {
        return bouncyCastle.verify(bench.signingInput(), bench.signingInput().length, bench.signature());
    }

    @Benchmark
    public ValidatedToken jdkValidateUncached() throws InvalidTokenException {
        return jdk.validate(bench.token());
    }

    @Benchmark
    public ValidatedToken bouncyCastleValidateUncached() throws InvalidTokenException {
        return bc.validate(bench.token());
    }
}
