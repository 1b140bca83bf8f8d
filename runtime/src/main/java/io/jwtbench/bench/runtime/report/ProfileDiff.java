package io.jwtbench.bench.runtime.report;

import static io.jwtbench.bench.runtime.JsonMaps.map;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import io.jwtbench.bench.runtime.JsonMaps;
import io.jwtbench.bench.runtime.stats.Profile;
import io.jwtbench.bench.runtime.stats.RunReport;

/**
 * Where the CPU-per-request gap between two profiled runs comes from: each component's CPU µs per
 * request in both and the difference, largest first, and a sentence naming the components that make
 * most of the gap. Rendered in {@code report.html?runs=a,b} and as JSON ({@code profile-diff?runs=a,b}).
 */
public record ProfileDiff(String baseline, String other, double baselineUs, double otherUs, List<Delta> deltas) {

    /** One component: µs per request in the baseline, in the other run, and other − baseline. */
    public record Delta(String component, double baselineUs, double otherUs) {
        double delta() {
            return otherUs - baselineUs;
        }
    }

    /** Empty unless both runs have a profile. */
    static java.util.Optional<ProfileDiff> of(String baselineLabel, RunReport baseline, String otherLabel, RunReport other) {
        Profile a = baseline.profile();
        Profile b = other.profile();
        if (a == null || b == null) {
            return java.util.Optional.empty();
        }
        Set<String> names = new LinkedHashSet<>();
        a.components().forEach(c -> names.add(c.component()));
        b.components().forEach(c -> names.add(c.component()));
        List<Delta> deltas = new ArrayList<>();
        for (String n : names) {
            deltas.add(new Delta(n, a.usPerRequest(n), b.usPerRequest(n)));
        }
        deltas.sort((x, y) -> Double.compare(Math.abs(y.delta()), Math.abs(x.delta())));
        return java.util.Optional.of(new ProfileDiff(baselineLabel, otherLabel, a.processCpuUsPerRequest(),
                b.processCpuUsPerRequest(), deltas));
    }

    /** The two runs' diff as JSON; an error body when either has no profile. */
    public static Map<String, Object> json(String baselineLabel, RunReport baseline, String otherLabel, RunReport other) {
        return of(baselineLabel, baseline, otherLabel, other).map(ProfileDiff::toJson).orElseGet(() -> map("error",
                "both runs need a profile (\"breakdown\" and \"profile\" on, measured)"));
    }

    Map<String, Object> toJson() {
        List<Object> rows = new ArrayList<>();
        for (Delta d : deltas) {
            rows.add(map("component", d.component(), "baselineCpuUsPerRequest", JsonMaps.round(d.baselineUs(), 1),
                    "otherCpuUsPerRequest", JsonMaps.round(d.otherUs(), 1), "deltaCpuUsPerRequest",
                    JsonMaps.round(d.delta(), 1)));
        }
        return map("baseline", baseline, "other", other, "baselineCpuUsPerRequest", JsonMaps.round(baselineUs, 1),
                "otherCpuUsPerRequest", JsonMaps.round(otherUs, 1), "deltaCpuUsPerRequest",
                JsonMaps.round(otherUs - baselineUs, 1), "components", rows, "summary", summary());
    }

    /** "jwt costs 420.0 µs more CPU per request than health: crypto +300.0, JWT validation +60.0, ..." */
    String summary() {
        double gap = otherUs - baselineUs;
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%s costs %.1f µs %s CPU per request than %s",
                other, Math.abs(gap), gap >= 0 ? "more" : "less", baseline));
        double covered = 0;
        List<String> parts = new ArrayList<>();
        for (Delta d : deltas) {
            if (parts.size() == 5 || Math.abs(gap) > 0 && Math.abs(covered) >= 0.9 * Math.abs(gap) && parts.size() >= 2) {
                break;
            }
            parts.add(String.format(Locale.ROOT, "%s %+.1f", d.component(), d.delta()));
            covered += d.delta();
        }
        out.append(parts.isEmpty() ? "" : ": " + String.join(", ", parts));
        if (Math.abs(gap) > 0) {
            out.append(String.format(Locale.ROOT, " (together %.0f %% of the gap)", 100 * covered / gap));
        }
        return out.toString();
    }
}
