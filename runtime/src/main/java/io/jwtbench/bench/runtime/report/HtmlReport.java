package io.jwtbench.bench.runtime.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.HdrHistogram.Histogram;

import io.jwtbench.bench.runtime.observe.SteadyView;
import io.jwtbench.bench.runtime.observe.JvmFacts;
import io.jwtbench.bench.runtime.stats.LatencyStats;
import io.jwtbench.bench.runtime.stats.RunReport;
import io.jwtbench.bench.runtime.stats.SecondStats;

/**
 * Self-contained HTML reports: every chart is inline SVG drawn here, there is no script and nothing
 * is fetched, so a saved page renders offline. One page for a run, for any list of labelled runs (a
 * comparison); a sweep's page is {@link SweepHtml}.
 */
public final class HtmlReport {
    /** Deepest percentile drawn: 99.999 % (when the run has enough samples). */
    private static final double MAX_NINES = 5;
    private static final double NINES_STEP = 0.05;

    /** A run and what to call it on the page. */
    public record Labelled(String label, RunReport report) {
    }

    private HtmlReport() {
    }

    public static String run(RunReport r) {
        return runs("Run " + r.id() + " — " + r.target() + ", " + r.loadModel().label() + " model", List.of(new Labelled(r.id(), r)));
    }

    /**
     * A run that is still going: the page as far as it goes, plus a live line fed by the run's
     * Server-Sent Events ({@code events}, next to {@code report.html}); on the summary event it reloads
     * into the finished page, which has no script. The one script of the reports, and only here.
     */
    public static String live(RunReport r) {
        String page = run(r);
        String live = "<p id=\"live\" data-events=\"0\">live: waiting for the first event…</p><script>"
                + "(function(){var n=0,first=null,el=document.getElementById('live'),es=new EventSource('events');"
                + "es.addEventListener('progress',function(e){var d=JSON.parse(e.data);n++;"
                + "if(d.elapsedSeconds!=null&&first===null){first=d.elapsedSeconds;el.setAttribute('data-first',first);}"
                + "el.setAttribute('data-events',n);if(d.elapsedSeconds!=null){el.setAttribute('data-elapsed',d.elapsedSeconds);}"
                + "el.textContent='live: '+d.status+(d.elapsedSeconds!=null?', '+d.elapsedSeconds.toFixed(1)+' s, '"
                + "+d.requests+' requests, '+d.currentRps+' req/s, last second p50 '+d.lastSecondP50+' ms, p99 '"
                + "+d.lastSecondP99+' ms, '+d.errors+' errors':'');});"
                + "es.addEventListener('summary',function(){es.close();location.reload();});})();</script>";
        return page.replace("</body>", live + "</body>");
    }

    /** Overlays the runs: one color each, in order. */
    public static String runs(String title, List<Labelled> runs) {
        return runs(title, runs, List.of());
    }

    /** Overlays the runs, with {@code notes} (a compare's rankings) as a list under the title. */
    public static String runs(String title, List<Labelled> runs, List<String> notes) {
        StringBuilder body = new StringBuilder();
        body.append("<h1>").append(Html.escape(title)).append("</h1>");
        if (!notes.isEmpty()) {
            body.append("<ul class=\"rankings\">");
            notes.forEach(n -> body.append("<li>").append(Html.escape(n)).append("</li>"));
            body.append("</ul>");
        }
        body.append(runTable(runs));
        for (Labelled l : runs) {
            SteadyView steady = SteadyView.of(l.report());
            if (steady.known()) {
                body.append("<p class=\"").append(steady.steady() ? "steady" : "err").append("\">")
                        .append(Html.escape(l.label())).append(": ").append(Html.escape(steady.line()))
                        .append(steady.warmup() == null ? "" : " (" + Html.escape(steady.warmup()) + ")").append("</p>");
            }
            if (l.report().error() != null) {
                body.append("<p class=\"err\">").append(Html.escape(l.label())).append(": ")
                        .append(Html.escape(l.report().error())).append("</p>");
            }
        }
        body.append("<div class=\"charts\">");
        SvgChart curve = percentileChart("Latency by percentile", runs);
        if (!curve.isEmpty()) {
            body.append(curve.render());
        }
        SvgChart rps = new SvgChart("Throughput over time", "second of measurement", "req/s").xFromZero();
        SvgChart p99 = new SvgChart("Latency over time", "second of measurement", "ms").xFromZero();
        for (int i = 0; i < runs.size(); i++) {
            List<SecondStats> ts = runs.get(i).report().timeSeries();
            double[] x = ts.stream().mapToDouble(SecondStats::second).toArray();
            String color = color(i);
            String name = runs.size() == 1 ? "req/s" : runs.get(i).label();
            rps.add(new SvgChart.Series(name, color, x, ts.stream().mapToDouble(SecondStats::rps).toArray(), false,
                    ts.size() < 30));
            if (runs.size() == 1) {
                p99.add(new SvgChart.Series("p50", SvgChart.PALETTE[2], x,
                        ts.stream().mapToDouble(SecondStats::p50).toArray(), false, false));
                p99.add(new SvgChart.Series("p90", SvgChart.PALETTE[3], x,
                        ts.stream().mapToDouble(SecondStats::p90).toArray(), false, false));
            }
            p99.add(new SvgChart.Series(runs.size() == 1 ? "p99" : runs.get(i).label(), runs.size() == 1 ? SvgChart.PALETTE[1] : color, x,
                    ts.stream().mapToDouble(SecondStats::p99).toArray(), false, ts.size() < 30));
        }
        if (!rps.isEmpty()) {
            body.append(rps.render()).append(p99.render());
        }
        body.append(breakdownBars("Where the time went (mean per request)", runs));
        body.append("</div>");
        body.append(ProfileHtml.of(runs));
        return page(title, body.toString());
    }


    /** HdrHistogram-style: x is log10(1 / (1 − p)), so 90 %, 99 %, 99.9 % are equally spaced. */
    static SvgChart percentileChart(String title, List<Labelled> runs) {
        SvgChart chart = new SvgChart(title, "percentile (log scale)", "ms");
        double deepest = 0;
        for (int i = 0; i < runs.size(); i++) {
            LatencyStats l = runs.get(i).report().latency();
            if (l == null || l.count() == 0) {
                continue;
            }
            Histogram h = l.decode();
            double nines = Math.min(MAX_NINES, Math.max(1, Math.floor(Math.log10(h.getTotalCount()))));
            deepest = Math.max(deepest, nines);
            int n = (int) Math.round(nines / NINES_STEP);
            double[] xs = new double[n + 1];
            double[] ys = new double[n + 1];
            for (int k = 0; k <= n; k++) {
                double t = k * NINES_STEP;
                xs[k] = t;
                ys[k] = LatencyStats.ms(h.getValueAtPercentile(100 * (1 - Math.pow(10, -t))));
            }
            String name = runs.size() == 1 ? "latency" : runs.get(i).label();
            chart.add(new SvgChart.Series(name, color(i), xs, ys, false, false));
            LatencyStats u = runs.get(i).report().uncorrectedLatency();
            if (runs.size() == 1 && u != null && u.count() > 0) {
                Histogram uh = u.decode();
                double[] uy = new double[n + 1];
                for (int k = 0; k <= n; k++) {
                    uy[k] = LatencyStats.ms(uh.getValueAtPercentile(100 * (1 - Math.pow(10, -xs[k]))));
                }
                chart.add(new SvgChart.Series("uncorrected", SvgChart.PALETTE[8], xs, uy, true, false));
            }
        }
        List<SvgChart.Tick> ticks = new ArrayList<>();
        String[] labels = { "0%", "90%", "99%", "99.9%", "99.99%", "99.999%" };
        for (int t = 0; t <= deepest; t++) {
            ticks.add(new SvgChart.Tick(t, labels[t]));
        }
        return chart.xTicks(ticks);
    }

    /** One bar per run: its named phases, the framework remainder and the time outside the server; "" if none. */
    static String breakdownBars(String title, List<Labelled> runs) {
        Map<String, Map<String, Double>> bars = new LinkedHashMap<>();
        for (Labelled l : runs) {
            Map<String, Double> segments = l.report().breakdown() == null ? Map.of() : Breakdowns.categories(l.report().breakdown());
            if (!segments.isEmpty()) {
                bars.put(l.label(), segments);
            }
        }
        return bars.isEmpty() ? "" : StackedBars.render(title, bars);
    }

    private static String runTable(List<Labelled> runs) {
        StringBuilder t = new StringBuilder("<table><tr><th>run</th><th>status</th><th>model</th><th>load</th>"
                + "<th>requests</th><th>req/s</th><th>p50</th><th>p75</th><th>p90</th><th>p99</th><th>p99.9</th>"
                + "<th>max</th><th>errors</th><th>timeouts</th><th>CPU peak</th><th>threads peak</th></tr>");
        for (Labelled l : runs) {
            RunReport r = l.report();
            LatencyStats lat = r.latency();
            JvmFacts jvm = JvmFacts.of(r);
            String load = r.loadModel().describe();
            t.append("<tr><td>").append(Html.escape(l.label())).append("</td><td>").append(r.status())
                    .append("</td><td>").append(Html.escape(r.loadModel().label())).append("</td><td>").append(Html.escape(load))
                    .append("</td>");
            if (lat != null && r.measured() != null) {
                cells(t, String.valueOf(r.measured().requests()), Format.fixed(r.measured().rps(), 1), Format.latency(lat.p50()),
                        Format.latency(lat.p75()), Format.latency(lat.p90()), Format.latency(lat.p99()), Format.latency(lat.p99_9()),
                        Format.latency(lat.max()), String.valueOf(r.errors().total()), String.valueOf(r.errors().timeout()));
            } else {
                cells(t, "-", "-", "-", "-", "-", "-", "-", "-", "-", "-");
            }
            cells(t, Double.isNaN(jvm.cpuSharePeak()) ? "-" : Format.fixed(100 * jvm.cpuSharePeak(), 0) + "%",
                    Format.orDash(jvm.threadsPeak()));
            t.append("</tr>");
        }
        t.append("</table>");
        RunReport first = runs.isEmpty() ? null : runs.get(0).report();
        if (first != null) {
            t.append("<p class=\"meta\">").append(Html.escape(first.endpoint() == null ? "" : first.endpoint()))
                    .append(" · ").append(Html.escape(spec(first.spec()))).append(" · started ")
                    .append(first.startedAt()).append("</p>");
        }
        return t.toString();
    }

    static void cells(StringBuilder t, String... values) {
        for (String v : values) {
            t.append("<td>").append(Html.escape(v)).append("</td>");
        }
    }

    static String spec(Map<String, Object> spec) {
        StringBuilder out = new StringBuilder();
        spec.forEach((k, v) -> out.append(out.isEmpty() ? "" : ", ").append(k).append('=').append(v));
        return out.toString();
    }

    static String color(int i) {
        return SvgChart.PALETTE[i % SvgChart.PALETTE.length];
    }

    static String page(String title, String body) {
        return "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + Html.escape(title)
                + "</title><style>"
                + "body{font:14px system-ui,sans-serif;margin:16px;color:#222}h1{font-size:18px}h2{font-size:15px}"
                + "table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}"
                + "th{background:#f3f3f3}td.l{text-align:left}.meta{color:#666;font-size:12px}.err{color:#b00}pre{font-size:12px;background:#f7f7f7;padding:8px}"
                + ".charts{display:flex;flex-wrap:wrap;gap:12px}.chart{border:1px solid #ddd}"
                + ".chart .t{font-size:13px;font-weight:600}.chart .g{stroke:#eee}.chart .frame{fill:none;stroke:#999}"
                + ".chart .xl{font-size:11px;text-anchor:middle}.chart .yl{font-size:11px;text-anchor:end}"
                + ".chart .fl{font-size:10px;pointer-events:none}.chart .lg{font-size:11px}.chart .m{font-size:10px}.chart .bl{font-size:10px;fill:#fff;text-anchor:middle}"
                + "</style></head><body>" + body + "</body></html>";
    }
}
