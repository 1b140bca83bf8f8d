package io.jwtbench.service.benchmarks;

import io.jwtbench.service.validation.JwtValidator;
import io.jwtbench.service.validation.SignatureProvider;
import io.jwtbench.service.validation.SignatureProviders;
import io.jwtbench.service.validation.keys.BouncyCastleKey;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.security.Signature;
import java.time.Clock;
import java.time.Duration;

/**
 * The JDK's and BouncyCastle's raw verification and uncached validation (as {@link SignatureBenchmark} times them)
 * in thread CPU time rather than wall time, alternating in one JVM: on a machine other processes keep busy, wall-clock scores
 * swing with their load while CPU time per operation barely moves. Prints the median, min and max of
 * the rounds (2,000 operations each, after 3 warm-up rounds).
 * Run: {@code ./scripts/jmh.sh --main io.jwtbench.service.benchmarks.SignatureCpuTime [rounds=5]}.
 */
public final class SignatureCpuTime {
    private SignatureCpuTime() {
    }

    interface Op {
        Object run() throws Exception;
    }

    static final ThreadMXBean MX = ManagementFactory.getThreadMXBean();

    static double usPerOp(Op op, int n) throws Exception {
        long c0 = MX.getCurrentThreadCpuTime();
        for (int i = 0; i < n; i++) {
            op.run();
        }
        return (MX.getCurrentThreadCpuTime() - c0) / 1e3 / n;
    }

    public static void main(String[] args) throws Exception {
        for (String alg : new String[] {"ES256", "EdDSA"}) {
            BenchToken b = BenchToken.create(alg);
            BouncyCastleKey bc = b.keys().current().byKid(BenchToken.KID).bouncyCastle();
            Signature jca = ValidatorBenchmark.jcaSignature(alg);
            JwtValidator jdkV = new JwtValidator(b.registry(), Duration.ofSeconds(30), 8192, Clock.systemUTC(), null)
                    .verifyWith(SignatureProviders.all(SignatureProvider.JDK));
            JwtValidator bcV = new JwtValidator(b.registry(), Duration.ofSeconds(30), 8192, Clock.systemUTC(), null)
                    .verifyWith(SignatureProviders.all(SignatureProvider.BOUNCYCASTLE));
            Op jdkVerify = () -> {
                jca.initVerify(b.pair().getPublic());
                jca.update(b.signingInput());
                return jca.verify(b.signature());
            };
            Op bcVerify = () -> bc.verify(b.signingInput(), b.signingInput().length, b.signature());
            Op jdkValidate = () -> jdkV.validate(b.token());
            Op bcValidate = () -> bcV.validate(b.token());
            Op[] ops = {jdkVerify, bcVerify, jdkValidate, bcValidate};
            String[] names = {"jdkVerify", "bouncyCastleVerify", "jdkValidateUncached", "bouncyCastleValidateUncached"};
            int rounds = Integer.parseInt(args.length > 0 ? args[0] : "5");
            double[][] r = new double[ops.length][rounds];
            for (int i = -3; i < rounds; i++) {  // three warm-up rounds
                for (int k = 0; k < ops.length; k++) {
                    double us = usPerOp(ops[k], 2000);
                    if (i >= 0) {
                        r[k][i] = us;
                    }
                }
            }
            for (int k = 0; k < ops.length; k++) {
                double[] sorted = r[k].clone();
                java.util.Arrays.sort(sorted);
                System.out.printf("%s %-30s median %8.1f us CPU/op  min %8.1f  max %8.1f%n", alg, names[k],
                        sorted[rounds / 2], sorted[0], sorted[rounds - 1]);
            }
            b.keys().close();
        }
    }
}
