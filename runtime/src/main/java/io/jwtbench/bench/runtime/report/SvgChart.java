package io.jwtbench.bench.runtime.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleFunction;

/**
 * A small line chart drawn as inline SVG on the server: no script, no external resource. Linear
 * axes; a caller wanting a log axis transforms its values and passes its own ticks.
 */
final class SvgChart {
    static final String[] PALETTE = { "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2",
            "#17becf", "#7f7f7f", "#bcbd22" };
    static final int WIDTH = 640;
    static final int HEIGHT = 300;
    private static final int LEFT = 64;
    private static final int RIGHT = 16;
    private static final int TOP = 30;
    private static final int BOTTOM = 44;

    record Series(String name, String color, double[] xs, double[] ys, boolean dashed, boolean markers) {
    }

    record Tick(double value, String label) {
    }

    record Marker(double x, String label, String color) {
    }

    private final String title;
    private final String xLabel;
    private final String yLabel;
    private final List<Series> series = new ArrayList<>();
    private final List<Marker> markers = new ArrayList<>();
    private List<Tick> xTicks;
    private boolean xFromZero;

    SvgChart(String title, String xLabel, String yLabel) {
        this.title = title;
        this.xLabel = xLabel;
        this.yLabel = yLabel;
    }

    SvgChart add(Series s) {
        series.add(s);
        return this;
    }

    SvgChart line(String name, String color, double[] xs, double[] ys) {
        return add(new Series(name, color, xs, ys, false, false));
    }

    SvgChart xTicks(List<Tick> ticks) {
        this.xTicks = ticks;
        return this;
    }

    SvgChart xFromZero() {
        this.xFromZero = true;
        return this;
    }

    SvgChart marker(double x, String label, String color) {
        markers.add(new Marker(x, label, color));
        return this;
    }

    boolean isEmpty() {
        return series.stream().noneMatch(s -> s.xs().length > 0);
    }

    String render() {
        double xMin = Double.POSITIVE_INFINITY;
        double xMax = Double.NEGATIVE_INFINITY;
        double yMax = 0;
        for (Series s : series) {
            for (int i = 0; i < s.xs().length; i++) {
                if (finite(s.xs()[i]) && finite(s.ys()[i])) {
                    xMin = Math.min(xMin, s.xs()[i]);
                    xMax = Math.max(xMax, s.xs()[i]);
                    yMax = Math.max(yMax, s.ys()[i]);
                }
            }
        }
        if (xTicks != null) {
            for (Tick t : xTicks) {
                xMin = Math.min(xMin, t.value());
                xMax = Math.max(xMax, t.value());
            }
        }
        if (!finite(xMin)) {
            xMin = 0;
            xMax = 1;
        }
        if (xFromZero) {
            xMin = Math.min(0, xMin);
        }
        if (xMax <= xMin) {
            xMax = xMin + 1;
        }
        List<Tick> yTicks = niceTicks(0, yMax > 0 ? yMax : 1);
        double yTop = yTicks.get(yTicks.size() - 1).value();
        List<Tick> xs = xTicks != null ? xTicks : niceTicks(xMin, xMax);
        if (xTicks == null) {
            xMin = Math.min(xMin, xs.get(0).value());
            xMax = Math.max(xMax, xs.get(xs.size() - 1).value());
        }
        double plotW = WIDTH - LEFT - RIGHT;
        double plotH = HEIGHT - TOP - BOTTOM;
        final double x0 = xMin;
        final double xSpan = xMax - xMin;
        DoubleFunction<Double> px = v -> LEFT + (v - x0) / xSpan * plotW;
        DoubleFunction<Double> py = v -> TOP + plotH - v / yTop * plotH;

        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT,
                "<svg class=\"chart\" viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"%s\">",
                WIDTH, HEIGHT, WIDTH, HEIGHT, Html.escape(title)));
        out.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"#fff\"/>", WIDTH, HEIGHT));
        out.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"18\" class=\"t\">%s</text>", LEFT, Html.escape(title)));
        for (Tick t : yTicks) {
            double y = py.apply(t.value());
            out.append(String.format(Locale.ROOT,
                    "<line x1=\"%d\" x2=\"%d\" y1=\"%.1f\" y2=\"%.1f\" class=\"g\"/><text x=\"%d\" y=\"%.1f\" class=\"yl\">%s</text>",
                    LEFT, WIDTH - RIGHT, y, y, LEFT - 6, y + 4, Html.escape(t.label())));
        }
        for (Tick t : xs) {
            double x = px.apply(t.value());
            out.append(String.format(Locale.ROOT,
                    "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%.1f\" class=\"g\"/><text x=\"%.1f\" y=\"%.1f\" class=\"xl\">%s</text>",
                    x, x, TOP, TOP + plotH, x, TOP + plotH + 16, Html.escape(t.label())));
        }
        out.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%.0f\" height=\"%.0f\" class=\"frame\"/>",
                LEFT, TOP, plotW, plotH));
        out.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" class=\"xl\">%s</text>", LEFT + plotW / 2,
                HEIGHT - 6, Html.escape(xLabel)));
        out.append(String.format(Locale.ROOT,
                "<text transform=\"translate(14 %.1f) rotate(-90)\" class=\"xl\">%s</text>", TOP + plotH / 2,
                Html.escape(yLabel)));
        for (Marker m : markers) {
            if (m.x() < xMin || m.x() > xMax) {
                continue;
            }
            double x = px.apply(m.x());
            out.append(String.format(Locale.ROOT,
                    "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%.1f\" stroke=\"%s\" stroke-dasharray=\"2 3\"/><text x=\"%.1f\" y=\"%d\" class=\"m\" fill=\"%s\">%s</text>",
                    x, x, TOP, TOP + plotH, m.color(), x + 3, TOP + 12, m.color(), Html.escape(m.label())));
        }
        for (Series s : series) {
            StringBuilder pts = new StringBuilder();
            StringBuilder dots = new StringBuilder();
            for (int i = 0; i < s.xs().length; i++) {
                if (!finite(s.xs()[i]) || !finite(s.ys()[i])) {
                    continue;
                }
                double x = px.apply(s.xs()[i]);
                double y = py.apply(Math.min(s.ys()[i], yTop));
                pts.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
                if (s.markers()) {
                    dots.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\"/>", x,
                            y, s.color()));
                }
            }
            out.append(String.format(Locale.ROOT,
                    "<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"2.5\"%s/>", pts.toString().trim(),
                    s.color(), s.dashed() ? " stroke-dasharray=\"6 4\"" : "")).append(dots);
        }
        int ly = TOP + 8;
        for (Series s : series) {
            out.append(String.format(Locale.ROOT,
                    "<rect x=\"%d\" y=\"%d\" width=\"14\" height=\"4\" fill=\"%s\"/><text x=\"%d\" y=\"%d\" class=\"lg\">%s</text>",
                    WIDTH - RIGHT - 150, ly, s.color(), WIDTH - RIGHT - 132, ly + 5, Html.escape(s.name())));
            ly += 15;
        }
        return out.append("</svg>").toString();
    }

    /** About five round ticks from lo to at least hi. */
    static List<Tick> niceTicks(double lo, double hi) {
        double step = nice((hi - lo) / 5);
        List<Tick> ticks = new ArrayList<>();
        double start = Math.floor(lo / step) * step;
        for (double v = start; v < hi + step * 0.999; v += step) {
            ticks.add(new Tick(v, number(v)));
            if (v >= hi) {
                break;
            }
        }
        if (ticks.size() < 2) {
            ticks.add(new Tick(start + step, number(start + step)));
        }
        return ticks;
    }

    private static double nice(double raw) {
        if (!(raw > 0)) {
            return 1;
        }
        double exp = Math.pow(10, Math.floor(Math.log10(raw)));
        double f = raw / exp;
        return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * exp;
    }

    static String number(double v) {
        double a = Math.abs(v);
        if (a >= 1e6) {
            return String.format(Locale.ROOT, "%.1fM", v / 1e6).replace(".0M", "M");
        }
        if (a >= 1e4) {
            return String.format(Locale.ROOT, "%.0fk", v / 1e3);
        }
        if (a >= 1000) {
            return String.format(Locale.ROOT, "%.1fk", v / 1e3).replace(".0k", "k");
        }
        if (v == Math.rint(v)) {
            return String.valueOf((long) v);
        }
        return a >= 10 ? String.format(Locale.ROOT, "%.0f", v)
                : a >= 1 ? String.format(Locale.ROOT, "%.1f", v) : String.format(Locale.ROOT, "%.2f", v);
    }

    static boolean finite(double v) {
        return !Double.isNaN(v) && !Double.isInfinite(v);
    }
}
