package io.jwtbench.bench.runtime.ab;

import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletionException;
import java.util.function.ToDoubleFunction;

import com.fasterxml.jackson.databind.node.ObjectNode;

import io.jwtbench.bench.runtime.Causes;
import io.jwtbench.bench.runtime.analysis.LaunchComparison;
import io.jwtbench.bench.runtime.analysis.Median;

/**
 * One build measured in several JVM launches, one after the other, when the build it is to be held against
 * cannot run beside it ({@code ab.sh SAVE=file JAR}, then {@code ab.sh AGAINST=file JAR}): the machine's canary
 * before the first launch and after the last, and per launch a warm-up as the paired check's, then
 * {@value #SEGMENTS} segments at the spec's fixed load whose medians are the launch's figures.
 */
final class SavedCheck {
    static final int SEGMENTS = 5;
    /** How long a launch may wait for a steady run before its segments start regardless. */
    static final Duration SETTLE = Duration.ofSeconds(90);

    private SavedCheck() {
    }

    /** Measures {@code settings.currentJar()}; a spec with a rate keeps it, else the first launch fixes one. */
    static SavedBaseline measure(AbSettings settings, ObjectNode spec, Services services, PrintStream out) {
        String fingerprint = Machine.fingerprint();
        double canaryBefore = Canary.cpuMillis();
        out.printf(Locale.ROOT, "ab: machine: %s; %s; canary %.3f ms of CPU%n", fingerprint, Machine.load(), canaryBefore);
        ObjectNode fixed = spec.deepCopy();
        List<SavedBaseline.LaunchFigures> launches = new ArrayList<>();
        for (int i = 1; i <= settings.launches(); i++) {
            String label = "launch " + i;
            ServiceProcess process = services.start("launch-" + i, settings.currentJar(), settings.currentJavaOptions());
            try {
                process.awaitReady();
                BenchClient client = new BenchClient(label, process.uri);
                SegmentSpecs specs = SegmentSpecs.of(fixed, settings.segment());
                specs.checkTarget(client);
                WarmUp.Result warm = WarmUp.run((s, within) -> new Segment[] { one(client, s, within) }, specs, settings.warmup(),
                        Instant.now().plus(SETTLE), List.of(label), "alone", out);
                if (!fixed.has("rate") && !warm.load().closed()) {
                    fixed.put("rate", warm.load().rate()); // every later launch, and the build held against this, the same
                }
                // a share is of this launch's own CPU per request before the burn: there is no BASE beside it
                double ownCpu = warm.last()[0].serverCpuUsPerRequest();
                int injectUs = settings.injection().micros(ownCpu);
                if (injectUs > 0) {
                    out.printf(Locale.ROOT, "ab: %s: injected slowdown: %d µs of CPU per request (%s; its own server CPU %.1f"
                            + " µs/request before)%n", label, injectUs, settings.injection().describeOwn(), ownCpu);
                    one(client, specs.segment(warm.load(), injectUs), specs.endsWithin()); // warms the burner's path too
                }
                List<Segment> segments = new ArrayList<>();
                for (int k = 0; k < SEGMENTS; k++) {
                    segments.add(one(client, specs.segment(warm.load(), injectUs), specs.endsWithin()));
                }
                SavedBaseline.LaunchFigures figures = new SavedBaseline.LaunchFigures(median(segments, Segment::serverCpuUsPerRequest),
                        median(segments, Segment::p50Ms), median(segments, Segment::p99Ms), median(segments, Segment::rps),
                        segments.size(), injectUs, median(segments, Segment::burnedUs));
                out.printf(Locale.ROOT, "ab: %s: CPU/request %.1f µs, p50 %.3f ms, p99 %.2f ms, %.0f req/s%s (medians of %d"
                        + " segments)%n", label, figures.cpuUs(), figures.p50Ms(), figures.p99Ms(), figures.rps(),
                        injectUs > 0 ? String.format(Locale.ROOT, ", %.2f µs burned", figures.burnedUs()) : "", segments.size());
                launches.add(figures);
            } finally {
                services.stop(process); // each launch its own JVM: the next starts cold
            }
        }
        double canaryAfter = Canary.cpuMillis();
        out.printf(Locale.ROOT, "ab: canary %.3f ms of CPU after the launches; %s%n", canaryAfter, Machine.load());
        return new SavedBaseline(settings.currentJar().toString(), Instant.now().toString(), fixed, fingerprint, canaryBefore,
                canaryAfter, launches);
    }

    /** The build measured against {@code saved}: the same spec at the same load. */
    static LaunchComparison.Result against(SavedBaseline saved, SavedBaseline current, double tolerancePercent) {
        return LaunchComparison.judge(saved.side(), current.side(), tolerancePercent);
    }

    private static Segment one(BenchClient client, ObjectNode spec, Duration endsWithin) {
        try {
            return Segment.of(client.label(), client.run(spec, endsWithin).join());
        } catch (CompletionException e) {
            throw e.getCause() instanceof AbException ab ? ab : new AbException(Causes.inWords(e));
        }
    }

    static double median(List<Segment> segments, ToDoubleFunction<Segment> figure) {
        return Median.of(segments.stream().mapToDouble(figure));
    }

    /** The saved spec must be the one asked for now, but for the rate the first measurement fixed. */
    static void checkSameSpec(ObjectNode saved, ObjectNode asked) {
        ObjectNode a = saved.deepCopy();
        ObjectNode b = asked.deepCopy();
        if (!b.has("rate")) {
            a.remove("rate");
        }
        if (!a.equals(b)) {
            throw new AbException("SPEC " + asked + " is not the spec of the baseline, " + saved + ": a build is only held against"
                    + " the same runs (give the baseline's spec, or none)");
        }
    }

    static String values(List<SavedBaseline.LaunchFigures> launches) {
        return Arrays.toString(launches.stream().mapToDouble(l -> Math.round(l.cpuUs() * 10) / 10.0).toArray());
    }
}
