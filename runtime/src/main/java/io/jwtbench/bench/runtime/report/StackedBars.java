package io.jwtbench.bench.runtime.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Horizontal 100 % stacked bars as inline SVG: one bar per run or step, one segment per category
 * (weights in ms, shown as shares of the bar; the tooltip gives both, the label the bar's total).
 */
final class StackedBars {
    private static final int WIDTH = 640;
    private static final int LEFT = 110;
    private static final int BAR = 22;
    private static final int GAP = 8;

    private StackedBars() {
    }

    /** @param bars label → (category → weight); bars with no categories are skipped */
    static String render(String title, Map<String, Map<String, Double>> bars) {
        Set<String> categories = new LinkedHashSet<>();
        bars.values().forEach(m -> categories.addAll(m.keySet()));
        List<String> cats = new ArrayList<>(categories);
        int legendRows = (cats.size() + 3) / 4;
        int height = 30 + bars.size() * (BAR + GAP) + 10 + legendRows * 16;
        double plotW = WIDTH - LEFT - 20;
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT,
                "<svg class=\"chart\" viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"%s\">"
                        + "<rect width=\"%d\" height=\"%d\" fill=\"#fff\"/><text x=\"%d\" y=\"18\" class=\"t\">%s</text>",
                WIDTH, height, WIDTH, height, Html.escape(title), WIDTH, height, LEFT, Html.escape(title)));
        int y = 30;
        for (Map.Entry<String, Map<String, Double>> bar : bars.entrySet()) {
            double sum = bar.getValue().values().stream().mapToDouble(Double::doubleValue).sum();
            out.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" class=\"yl\">%s</text>", LEFT - 6,
                    y + BAR / 2 + 4, Html.escape(bar.getKey() + " (" + Format.latency(sum) + ")")));
            double x = LEFT;
            for (Map.Entry<String, Double> seg : bar.getValue().entrySet()) {
                double w = sum > 0 ? seg.getValue() / sum * plotW : 0;
                String color = SvgChart.PALETTE[cats.indexOf(seg.getKey()) % SvgChart.PALETTE.length];
                out.append(String.format(Locale.ROOT,
                        "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\"><title>%s: %.1f%% (%s)</title></rect>",
                        x, y, w, BAR, color, Html.escape(seg.getKey()), sum > 0 ? 100 * seg.getValue() / sum : 0,
                        Html.escape(Format.latency(seg.getValue()))));
                if (w > 36) {
                    out.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" class=\"bl\">%.0f%%</text>",
                            x + w / 2, y + BAR / 2 + 4, 100 * seg.getValue() / sum));
                }
                x += w;
            }
            y += BAR + GAP;
        }
        y += 6;
        for (int i = 0; i < cats.size(); i++) {
            int lx = 10 + (i % 4) * 158;
            int ly = y + (i / 4) * 16;
            out.append(String.format(Locale.ROOT,
                    "<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" fill=\"%s\"/><text x=\"%d\" y=\"%d\" class=\"lg\">%s</text>",
                    lx, ly, SvgChart.PALETTE[i % SvgChart.PALETTE.length], lx + 14, ly + 9, Html.escape(cats.get(i))));
        }
        return out.append("</svg>").toString();
    }
}
