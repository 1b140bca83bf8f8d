package io.jwtbench.bench.runtime.report;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import io.jwtbench.bench.runtime.stats.Profile;

/**
 * The "Where the CPU goes" part of a report page: for one run its components (CPU µs per request,
 * share, thread kinds, hottest methods) and the icicle of its samples; for several runs the components
 * side by side, and for two the difference and where it comes from.
 */
final class ProfileHtml {
    private ProfileHtml() {
    }

    /** "" when no run has a profile. */
    static String of(List<HtmlReport.Labelled> runs) {
        List<Optional<Profile>> views = runs.stream().map(l -> Optional.ofNullable(l.report().profile())).toList();
        if (views.stream().allMatch(Optional::isEmpty)) {
            return "";
        }
        StringBuilder out = new StringBuilder("<h2>Where the CPU goes (CPU µs per request, from JFR samples)</h2>");
        if (runs.size() == 1) {
            Profile p = views.get(0).get();
            out.append(components(p)).append(checks(p))
                    .append(Icicle.render("Sampled stacks (icicle: callers above)", p.flame().root()));
            return out.toString();
        }
        out.append(sideBySide(runs, views));
        if (runs.size() == 2) {
            ProfileDiff.of(runs.get(0).label(), runs.get(0).report(), runs.get(1).label(), runs.get(1).report())
                    .ifPresent(d -> out.append("<p class=\"gap\">").append(Html.escape(d.summary())).append(".</p>"));
        }
        for (int i = 0; i < runs.size(); i++) {
            views.get(i).ifPresent(p -> out.append(checks(p)));
        }
        return out.toString();
    }

    private static String components(Profile p) {
        StringBuilder t = new StringBuilder("<table class=\"profile\"><tr><th>component</th><th>CPU µs/request</th>"
                + "<th>share</th><th>samples</th><th>threads</th><th>hottest methods</th></tr>");
        for (Profile.Component c : p.components()) {
            StringBuilder threads = new StringBuilder();
            c.threads().forEach((k, v) -> threads.append(threads.isEmpty() ? "" : ", ").append(k).append(' ').append(v));
            t.append("<tr><td>").append(Html.escape(c.component())).append("</td><td>").append(Format.fixed(c.usPerRequest(), 1))
                    .append("</td><td>").append(Format.percent(c.usPerRequest() / p.processCpuUsPerRequest()))
                    .append("</td><td>").append(c.samples() == 0 ? "(clock)" : String.valueOf(c.samples()))
                    .append("</td><td>").append(Html.escape(threads.toString())).append("</td><td class=\"l\">")
                    .append(Html.escape(String.join(", ", c.topMethods().stream().limit(3).map(Profile.Method::method).toList())))
                    .append("</td></tr>");
        }
        return t.append("</table>").toString();
    }

    private static String sideBySide(List<HtmlReport.Labelled> runs, List<Optional<Profile>> views) {
        Set<String> names = new LinkedHashSet<>();
        views.forEach(v -> v.ifPresent(p -> p.components().forEach(c -> names.add(c.component()))));
        StringBuilder t = new StringBuilder("<table class=\"profile\"><tr><th>component</th>");
        runs.forEach(l -> t.append("<th>").append(Html.escape(l.label())).append("</th>"));
        boolean two = runs.size() == 2;
        if (two) {
            t.append("<th>difference</th>");
        }
        t.append("</tr>");
        for (String n : names) {
            t.append("<tr><td>").append(Html.escape(n)).append("</td>");
            views.forEach(v -> t.append("<td>").append(v.map(p -> Format.fixed(p.usPerRequest(n), 1)).orElse("-")).append("</td>"));
            if (two && views.get(0).isPresent() && views.get(1).isPresent()) {
                double d = views.get(1).get().usPerRequest(n) - views.get(0).get().usPerRequest(n);
                t.append("<td>").append(d >= 0 ? "+" : "").append(Format.fixed(d, 1)).append("</td>");
            }
            t.append("</tr>");
        }
        t.append("<tr><th>process</th>");
        views.forEach(v -> t.append("<th>").append(v.map(p -> Format.fixed(p.processCpuUsPerRequest(), 1)).orElse("-")).append("</th>"));
        if (two && views.get(0).isPresent() && views.get(1).isPresent()) {
            double d = views.get(1).get().processCpuUsPerRequest() - views.get(0).get().processCpuUsPerRequest();
            t.append("<th>").append(d >= 0 ? "+" : "").append(Format.fixed(d, 1)).append("</th>");
        }
        return t.append("</tr></table>").toString();
    }

    private static String checks(Profile p) {
        return "<p class=\"meta\">" + Html.escape("process CPU " + Format.fixed(p.processCpuUsPerRequest(), 1)
                + " µs per request, components add up to " + Format.fixed(p.componentsCpuUsPerRequest(), 1) + "; named: "
                + Format.percent(p.namedShare()) + "; " + p.samples() + " samples (" + p.lostSamples() + " lost) from "
                + p.source() + "; GC, JIT and JFR threads are measured by their CPU clocks, not sampled") + "</p>";
    }
}
