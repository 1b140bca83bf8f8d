package io.jwtbench.bench.runtime.ab;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code scripts/ab.sh}'s program: starts BASE and NEW, holds NEW against BASE ({@link PairedCheck}), prints the
 * summary whose last line is the verdict, writes the JUnit XML if asked, stops both whatever happens, and exits
 * as {@code scripts/bench-gate.sh} does: 0 PASS, 1 REGRESSED, 2 INCONCLUSIVE or nothing to judge.
 */
public final class AbMain {
    private AbMain() {
    }

    public static void main(String[] args) {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        List<ServiceProcess> started = new ArrayList<>();
        Thread stopper = new Thread(() -> started.forEach(ServiceProcess::close), "ab-stop-services");
        Runtime.getRuntime().addShutdownHook(stopper); // a TERM or INT stops both too
        AbSettings settings = null;
        int exit;
        try {
            settings = AbSettings.parse(args, Instant.now());
            started.add(ServiceProcess.start("BASE", settings.baseJar(), settings.workDir(), settings.baseJavaOptions()));
            started.add(ServiceProcess.start("NEW", settings.currentJar(), settings.workDir(), settings.currentJavaOptions()));
            for (ServiceProcess p : started) {
                p.awaitReady();
                out.println("ab: " + p.label + " ready at " + p.uri + " (pid " + p.pid() + ", log " + p.log + ")");
            }
            AbResult result = new PairedCheck(new BenchClient("BASE", started.get(0).uri),
                    new BenchClient("NEW", started.get(1).uri), settings, out).run();
            out.print(AbText.summary(result));
            exit = write(settings.junit(), AbText.junit(result)) && write(settings.pairsCsv(), AbText.pairsCsv(result))
                    ? result.exitCode() : 2;
        } catch (AbException e) {
            if (settings != null) {
                write(settings.junit(), AbText.junitError(e.getMessage()));
            }
            out.println("verdict: cannot judge: " + e.getMessage());
            exit = 2;
        } finally {
            started.forEach(ServiceProcess::close);
        }
        Runtime.getRuntime().removeShutdownHook(stopper);
        System.exit(exit);
    }

    /** Writes {@code text} to {@code file} where one is asked for; false (and why on stderr) when it cannot. */
    private static boolean write(Path file, String text) {
        if (file == null) {
            return true;
        }
        try {
            Files.writeString(file, text);
            return true;
        } catch (IOException e) {
            System.err.println("ab: cannot write " + file + ": " + e.getMessage());
            return false;
        }
    }
}
