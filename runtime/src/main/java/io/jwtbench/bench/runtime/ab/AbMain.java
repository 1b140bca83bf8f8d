package io.jwtbench.bench.runtime.ab;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

import com.fasterxml.jackson.databind.node.ObjectNode;

import io.jwtbench.bench.runtime.analysis.LaunchComparison;

/**
 * {@code scripts/ab.sh}'s program. Two builds: starts both, holds NEW against BASE ({@link PairedCheck}). One
 * build with {@code --save} or {@code --against}: measures it in several launches ({@link SavedCheck}), keeps
 * that, or holds it against what was kept. Prints the summary whose last line is the verdict, writes the JUnit
 * XML if asked, stops every build it started whatever happens, and exits as {@code scripts/bench-gate.sh} does:
 * 0 PASS, 1 REGRESSED, 2 INCONCLUSIVE or nothing to judge.
 */
public final class AbMain {
    private AbMain() {
    }

    public static void main(String[] args) {
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        AbSettings settings = null;
        Services services = null;
        int exit;
        try {
            settings = AbSettings.parse(args, Instant.now());
            services = new Services(settings.workDir());
            exit = settings.saveTo() != null || settings.against() != null ? saved(settings, services, out)
                    : paired(settings, services, out);
        } catch (AbException e) {
            if (settings != null) {
                write(settings.junit(), AbText.junitError(e.getMessage()));
            }
            if (e.detail() != null) {
                out.println(e.detail());
            }
            if (services != null && services.startedAny()) {
                out.println("ab: the builds' logs are in " + settings.workDir());
            }
            out.println("verdict: cannot judge: " + e.getMessage());
            exit = 2;
        } finally {
            if (services != null) {
                services.release();
            }
        }
        System.exit(exit);
    }

    private static int paired(AbSettings settings, Services services, PrintStream out) {
        ServiceProcess base = services.start("BASE", settings.baseJar(), settings.baseJavaOptions());
        ServiceProcess current = services.start("NEW", settings.currentJar(), settings.currentJavaOptions());
        for (ServiceProcess p : new ServiceProcess[] { base, current }) {
            p.awaitReady();
            out.println("ab: " + p.label + " ready at " + p.uri + " (pid " + p.pid() + ", log " + p.log + ")");
        }
        AbResult result = new PairedCheck(new BenchClient("BASE", base.uri), new BenchClient("NEW", current.uri), settings, out)
                .run();
        out.print(AbText.summary(result));
        return write(settings.junit(), AbText.junit(result)) && write(settings.pairsCsv(), AbText.pairsCsv(result))
                ? result.exitCode() : 2;
    }

    /**
     * {@code --save}: the build measured in launches and kept (exit 2: nothing judged yet); {@code --against}: the
     * build measured likewise, at the baseline's spec and load, and held against what was kept; both: held against
     * the baseline and kept, so that each build in a chain is held against the one before.
     */
    private static int saved(AbSettings settings, Services services, PrintStream out) {
        SavedBaseline baseline = settings.against() == null ? null : SavedBaseline.read(settings.against());
        ObjectNode spec = settings.spec() == null ? baseline.spec() : settings.spec();
        if (baseline != null) {
            SavedCheck.checkSameSpec(baseline.spec(), spec);
            spec = baseline.spec();
        }
        SavedBaseline measured = SavedCheck.measure(settings, spec, services, out);
        if (settings.saveTo() != null) {
            measured.write(settings.saveTo());
        }
        if (baseline == null) {
            out.println("verdict: saved: " + settings.launches() + " launches of " + settings.currentJar() + " in "
                    + settings.saveTo() + " (CPU/request " + SavedCheck.values(measured.launches())
                    + " µs); hold a build against it with AGAINST=" + settings.saveTo());
            return 2;
        }
        LaunchComparison.Result r = SavedCheck.against(baseline, measured, settings.tolerancePercent());
        String summary = SavedText.summary(baseline, measured, r, settings.tolerancePercent());
        out.print(summary);
        return !write(settings.junit(), SavedText.junit(summary, r, settings.tolerancePercent())) ? 2 : switch (r.outcome()) {
            case PASS -> 0;
            case REGRESSED -> 1;
            case INCONCLUSIVE -> 2;
        };
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
