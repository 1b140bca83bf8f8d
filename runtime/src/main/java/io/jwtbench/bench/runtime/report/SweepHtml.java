package io.jwtbench.bench.runtime.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.jwtbench.bench.runtime.analysis.SweepAnalysis;
import io.jwtbench.bench.runtime.analysis.UslFit;
import io.jwtbench.bench.runtime.report.HtmlReport.Labelled;
import io.jwtbench.bench.runtime.sweep.SweepReport;
import io.jwtbench.bench.runtime.sweep.SweepStep;

/**
 * A sweep's page (same offline rules as {@link HtmlReport}): throughput and latency against the load, the
 * USL curve and the knee, each step's latency percentiles, and the analysis in words.
 */
public final class SweepHtml {

    private SweepHtml() {
    }

    public static String of(SweepReport s) {
        String unit = s.spec().loadUnit();
        String title = "Sweep " + s.id() + " — " + s.spec().target() + ", " + s.spec().loadModel().label() + " model";
        StringBuilder body = new StringBuilder();
        body.append("<h1>").append(Html.escape(title)).append("</h1>");
        body.append("<p class=\"meta\">").append(Html.escape(s.status().name())).append(" · ")
                .append(Html.escape(HtmlReport.spec(s.spec().echo()))).append("</p>");
        if (s.error() != null) {
            body.append("<p class=\"err\">").append(Html.escape(s.error())).append("</p>");
        }
        SweepAnalysis a = s.analysis();
        if (a != null) {
            body.append("<ul class=\"analysis\">");
            a.descriptions().forEach((finding, words) -> body.append("<li><b>").append(finding).append("</b>: ")
                    .append(Html.escape(words)).append("</li>"));
            body.append("</ul>");
        }
        body.append("<pre>").append(Html.escape(SweepTable.of(s))).append("</pre>");

        List<SweepStep> steps = s.steps().stream().filter(SweepStep::measured).toList();
        double[] load = steps.stream().mapToDouble(SweepStep::load).toArray();
        body.append("<div class=\"charts\">");
        SvgChart x = new SvgChart("Throughput vs " + unit, unit, "req/s").xFromZero();
        x.add(new SvgChart.Series("measured", SvgChart.PALETTE[0], load,
                steps.stream().mapToDouble(st -> st.report().measured().rps()).toArray(), false, true));
        if (a != null && a.usl() != null && !s.spec().loadModel().offersRate() && load.length > 0) {
            UslFit usl = a.usl();
            int n = 60;
            double[] fx = new double[n + 1];
            double[] fy = new double[n + 1];
            for (int i = 0; i <= n; i++) {
                fx[i] = 1 + (load[load.length - 1] - 1) * i / (double) n;
                fy[i] = usl.predict(fx[i]);
            }
            x.add(new SvgChart.Series(String.format(Locale.ROOT, "USL fit (R² %s)", Format.fixed(usl.rSquared(), 2)),
                    SvgChart.PALETTE[8], fx, fy, true, false));
        }
        if (s.spec().loadModel().offersRate()) {
            x.add(new SvgChart.Series("offered", SvgChart.PALETTE[8], load, load, true, false));
        }
        if (a != null && a.knee().isPresent()) {
            x.marker(a.knee().get().load(), "knee", "#d62728");
        }
        if (a != null && a.bound().found()) {
            x.marker(a.bound().load(), "best " + a.bound().percentile().label() + "≤" + SvgChart.number(a.bound().boundMs()) + "ms",
                    "#2ca02c");
        }
        SvgChart lat = new SvgChart("Latency vs " + unit, unit, "ms").xFromZero();
        lat.add(new SvgChart.Series("p50", SvgChart.PALETTE[2], load,
                steps.stream().mapToDouble(st -> st.report().latency().p50()).toArray(), false, true));
        lat.add(new SvgChart.Series("p90", SvgChart.PALETTE[3], load,
                steps.stream().mapToDouble(st -> st.report().latency().p90()).toArray(), false, true));
        lat.add(new SvgChart.Series("p99", SvgChart.PALETTE[1], load,
                steps.stream().mapToDouble(st -> st.report().latency().p99()).toArray(), false, true));
        if (a != null && a.knee().isPresent()) {
            lat.marker(a.knee().get().load(), "knee", "#d62728");
        }
        if (!steps.isEmpty()) {
            body.append(x.render()).append(lat.render());
        }
        List<Labelled> labelled = new ArrayList<>();
        for (SweepStep st : steps) {
            labelled.add(new Labelled(st.report().loadModel().describe(), st.report()));
        }
        SvgChart curves = HtmlReport.percentileChart("Latency by percentile, per step", labelled);
        if (!curves.isEmpty()) {
            body.append(curves.render());
        }
        body.append(HtmlReport.breakdownBars("Where the time went, per step (mean per request)", labelled));
        body.append("</div><h2>Steps</h2><ul>");
        for (SweepStep st : s.steps()) {
            String id = st.report().id();
            body.append("<li><a href=\"../../runs/").append(Html.escape(id)).append("/report.html\">")
                    .append(st.load()).append(' ').append(Html.escape(unit)).append(": run ").append(Html.escape(id))
                    .append("</a> (").append(st.report().status()).append(")")
                    .append(st.steady().unsteady() ? " <span class=\"err\">" + Html.escape(st.steady().line()) + "</span>" : "")
                    .append("</li>");
        }
        body.append("</ul>");
        if (s.steadinessNote() != null) {
            body.append("<p>Steadiness: ").append(Html.escape(s.steadinessNote())).append("</p>");
        }
        return HtmlReport.page(title, body.toString());
    }
}
