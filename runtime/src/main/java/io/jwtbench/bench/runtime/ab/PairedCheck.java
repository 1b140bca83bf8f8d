package io.jwtbench.bench.runtime.ab;

import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.jwtbench.bench.runtime.Causes;
import io.jwtbench.bench.runtime.analysis.PairedVerdict;
import io.jwtbench.bench.runtime.analysis.PairedVerdict.Metric;
import io.jwtbench.bench.runtime.analysis.PairedVerdict.Outcome;

/**
 * Build NEW held against build BASE, both running, in pairs: warm both up, find what they sustain, then run
 * the same spec on each in short segments (at one instant, or interleaved in randomized ABBA order), and after
 * each planned look of {@link PairedVerdict.Plan} judge the pairs, until a verdict or the budget's end. Knows
 * the services only through their bench API ({@link BenchClient}); starting and stopping them is the caller's.
 */
public final class PairedCheck {
    /** Looks at the pairs as they come: more stop sooner when the answer is clear, at a wider interval each. */
    static final int LOOKS = 4;
    /** Kept from the budget for what follows the last pair: stopping both builds, the summary. */
    static final Duration WRAP_UP = Duration.ofSeconds(20);

    private final BenchClient base;
    private final BenchClient current;
    private final AbSettings settings;
    private final PrintStream out;

    public PairedCheck(BenchClient base, BenchClient current, AbSettings settings, PrintStream out) {
        this.base = base;
        this.current = current;
        this.settings = settings;
        this.out = out;
    }

    public AbResult run() {
        Instant started = Instant.now();
        String loadAtStart = Machine.load();
        out.println("ab: machine: " + Machine.fingerprint() + "; " + loadAtStart);
        SegmentSpecs specs = SegmentSpecs.of(settings.spec(), settings.segment());
        for (BenchClient side : List.of(base, current)) {
            specs.checkTarget(side);
        }
        // warmed up as the pairs will run them, until both are steady, within a share of the budget
        WarmUp.Result warm = WarmUp.run((spec, within) -> sameSpec(specs, each(spec, spec, within)), specs, settings.warmup(),
                started.plus(settings.budget().multipliedBy(2).dividedBy(5)), List.of("BASE", "NEW"),
                simultaneous() ? "both at once" : "each alone, in randomized ABBA order", out);
        Segment[] settle = warm.last();
        SegmentSpecs.Load load = warm.load();
        Duration pairTime = warm.roundTime();
        int injectUs = settings.injection().micros(settle[0].serverCpuUsPerRequest());
        if (injectUs > 0) {
            out.printf(Locale.ROOT, "ab: injected slowdown on NEW: %d µs of CPU per request (%s; BASE's server CPU %.1f µs/request)%n",
                    injectUs, settings.injection().describe(), settle[0].serverCpuUsPerRequest());
            each(specs.segment(load, 0), specs.segment(load, injectUs), specs.endsWithin()); // warms the burner's path too
        }
        List<Metric> metrics = metrics(load.closed());
        int gating = (int) metrics.stream().filter(Metric::gating).count();
        Instant pairsUntil = settings.deadline().minus(WRAP_UP);
        Duration left = Duration.between(Instant.now(), pairsUntil);
        int maxPairs = (int) (left.toNanos() / pairTime.toNanos());
        PairedVerdict.Plan plan = PairedVerdict.Plan.of(maxPairs, LOOKS, gating);
        if (plan.at().isEmpty()) {
            throw new AbException(String.format(Locale.ROOT, "the budget is too short: %s left after the warm-up holds %d pairs of"
                    + " about %s, and the first look needs %d (BUDGET)", AbText.duration(left), maxPairs, AbText.duration(pairTime),
                    PairedVerdict.Plan.of(1000, LOOKS, gating).at().get(0)));
        }
        out.println("ab: looks at " + plan.at() + " pairs, " + AbText.percent(plan.confidence()) + " % intervals, about "
                + AbText.duration(pairTime) + " a pair");

        List<Pair> pairs = new ArrayList<>();
        PairedVerdict.Result result = null;
        boolean outOfTime = false;
        while (result == null) {
            int i = pairs.size();
            Segment[] ab = pair(i, specs.segment(load, 0), specs.segment(load, injectUs), specs.endsWithin());
            Pair p = new Pair(settings.order().label(i), ab[0], ab[1]);
            pairs.add(p);
            out.println(AbText.pairLine(i + 1, p));
            outOfTime = Instant.now().plus(pairTime).isAfter(pairsUntil);
            boolean look = plan.isLook(pairs.size()) || outOfTime && pairs.size() >= plan.at().get(0);
            if (look) {
                PairedVerdict.Result r = PairedVerdict.at(plan, metrics, worse(metrics, pairs), outOfTime);
                out.println(AbText.lookLine(r));
                if (r.outcome() != Outcome.INCONCLUSIVE || r.lastLook()) {
                    result = r;
                }
            } else if (outOfTime) {
                throw new AbException("the budget ran out after " + pairs.size() + " pairs, before the first look at "
                        + plan.at().get(0) + " (BUDGET)");
            }
        }
        return new AbResult(settings, load.describe(), plan, pairs, result, injectUs, Duration.between(started, Instant.now()),
                Machine.fingerprint() + "; at the start " + loadAtStart + ", at the end " + Machine.load());
    }

    /** CPU per request decides; throughput too in a closed model; latencies are shown with their intervals. */
    List<Metric> metrics(boolean closed) {
        List<Metric> metrics = new ArrayList<>();
        metrics.add(new Metric("CPU/request", true, settings.tolerancePercent(), true));
        if (closed) {
            metrics.add(new Metric("throughput", false, settings.tolerancePercent(), true));
        }
        metrics.add(new Metric("p50", true, settings.latencyTolerancePercent(), false));
        metrics.add(new Metric("p99", true, settings.latencyTolerancePercent(), false));
        return metrics;
    }

    /** Per metric, the pairs' log ratios, positive worse. */
    static List<double[]> worse(List<Metric> metrics, List<Pair> pairs) {
        List<double[]> all = new ArrayList<>();
        for (Metric m : metrics) {
            all.add(pairs.stream().mapToDouble(p -> m.worse(p.base().figure(m.name()), p.current().figure(m.name()))).toArray());
        }
        return all;
    }

    /** Both builds must read every spec alike: checked from the first warm-up run on. */
    private static Segment[] sameSpec(SegmentSpecs specs, Segment[] both) {
        specs.checkSameSpec(both[0], both[1]);
        return both;
    }

    private boolean simultaneous() {
        return settings.order().mode() == PairOrder.Mode.SIMULTANEOUS;
    }

    /** A run on each build as the pairs take them: both at once, or BASE then NEW. */
    private Segment[] each(ObjectNode baseSpec, ObjectNode currentSpec, Duration endsWithin) {
        return simultaneous() ? both(baseSpec, currentSpec, endsWithin)
                : new Segment[] { one(base, baseSpec, endsWithin), one(current, currentSpec, endsWithin) };
    }

    /** One pair: both at once, or one after the other in the pair's order. */
    private Segment[] pair(int index, ObjectNode baseSpec, ObjectNode currentSpec, Duration endsWithin) {
        if (simultaneous()) {
            return both(baseSpec, currentSpec, endsWithin);
        }
        Segment a;
        Segment b;
        if (settings.order().baseFirst(index)) {
            a = one(base, baseSpec, endsWithin);
            b = one(current, currentSpec, endsWithin);
        } else {
            b = one(current, currentSpec, endsWithin);
            a = one(base, baseSpec, endsWithin);
        }
        return new Segment[] { a, b };
    }

    /** Both builds' runs starting at one instant ({@code startAt}), a moment ahead so that both are prepared by then. */
    private Segment[] both(ObjectNode baseSpec, ObjectNode currentSpec, Duration endsWithin) {
        String at = Instant.now().plus(SegmentSpecs.START_LEAD).toString();
        CompletableFuture<JsonNode> a = base.run(baseSpec.deepCopy().put("startAt", at), endsWithin);
        CompletableFuture<JsonNode> b = current.run(currentSpec.deepCopy().put("startAt", at), endsWithin);
        return new Segment[] { Segment.of(base.label(), join(a)), Segment.of(current.label(), join(b)) };
    }

    private static Segment one(BenchClient side, ObjectNode spec, Duration endsWithin) {
        return Segment.of(side.label(), join(side.run(spec, endsWithin)));
    }

    private static JsonNode join(CompletableFuture<JsonNode> f) {
        try {
            return f.join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof AbException ab ? ab : new AbException(Causes.inWords(e));
        }
    }

    /** One pair's two segments and how they were taken ("AB", "BA", "A+B"). */
    public record Pair(String order, Segment base, Segment current) {
    }
}
