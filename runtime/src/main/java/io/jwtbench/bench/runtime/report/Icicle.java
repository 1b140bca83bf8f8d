package io.jwtbench.bench.runtime.report;

import io.jwtbench.bench.runtime.stats.Profile;

import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;

/**
 * A flame graph drawn top-down (an icicle) as inline SVG, no script: the root (all samples) on top,
 * each frame below its caller, as wide as its share of the samples; colour by the component the
 * frame's rule names (grey: a frame no rule names), the full name and share in each tooltip.
 */
final class Icicle {
    private static final int WIDTH = 1200;
    private static final int ROW = 16;
    private static final int TOP = 26;
    private static final double CHAR = 6.2;

    private final StringBuilder out = new StringBuilder();
    private final Set<String> components = new LinkedHashSet<>();
    private final long total;
    private int depth;

    private Icicle(long total) {
        this.total = total;
    }

    /** "" when the tree holds no samples. */
    static String render(String title, Profile.Node root) {
        if (root.samples() == 0) {
            return "";
        }
        Icicle icicle = new Icicle(root.samples());
        icicle.node(root, 0, 0);
        int legendY = TOP + (icicle.depth + 1) * ROW + 10;
        StringBuilder legend = new StringBuilder();
        int i = 0;
        for (String c : icicle.components) {
            int lx = 10 + (i % 6) * 195;
            int ly = legendY + (i / 6) * 16;
            legend.append(String.format(Locale.ROOT,
                    "<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" fill=\"%s\"/><text x=\"%d\" y=\"%d\" class=\"lg\">%s</text>",
                    lx, ly, color(c), lx + 14, ly + 9, Html.escape(c)));
            i++;
        }
        int height = legendY + ((icicle.components.size() + 5) / 6) * 16 + 6;
        return String.format(Locale.ROOT,
                "<svg class=\"chart icicle\" viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"%s\">"
                        + "<rect width=\"%d\" height=\"%d\" fill=\"#fff\"/><text x=\"10\" y=\"18\" class=\"t\">%s</text>",
                WIDTH, height, WIDTH, height, Html.escape(title), WIDTH, height, Html.escape(title))
                + icicle.out + legend + "</svg>";
    }

    private void node(Profile.Node n, double x, int level) {
        double w = (double) n.samples() / total * (WIDTH - 20);
        if (w < 0.5) {
            return;
        }
        depth = Math.max(depth, level);
        if (n.component() != null) {
            components.add(n.component());
        }
        int y = TOP + level * ROW;
        out.append(String.format(Locale.ROOT,
                "<g><rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\" stroke=\"#fff\" stroke-width=\"0.5\">"
                        + "<title>%s — %d samples, %.1f%%%s</title></rect>",
                10 + x, y, w, ROW - 1, n.component() == null ? "#d0d0d0" : color(n.component()), Html.escape(n.name()),
                n.samples(), 100.0 * n.samples() / total, n.component() == null ? "" : " (" + Html.escape(n.component()) + ")"));
        int chars = (int) ((w - 4) / CHAR);
        if (chars >= 3) {
            String label = shortName(n.name());
            if (label.length() > chars) {
                label = label.substring(0, Math.max(1, chars - 1)) + "…";
            }
            out.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" class=\"fl\">%s</text>", 12 + x, y + ROW - 4,
                    Html.escape(label)));
        }
        out.append("</g>");
        double cx = x;
        for (Profile.Node c : n.children()) {
            node(c, cx, level + 1);
            cx += (double) c.samples() / total * (WIDTH - 20);
        }
    }

    /** {@code a.b.Class.method} → {@code Class.method}: the part that tells frames apart in a narrow box. */
    private static String shortName(String frame) {
        int method = frame.lastIndexOf('.');
        int type = method > 0 ? frame.lastIndexOf('.', method - 1) : -1;
        return type >= 0 ? frame.substring(type + 1) : frame;
    }

    static String color(String component) {
        return SvgChart.PALETTE[Math.floorMod(component.hashCode(), SvgChart.PALETTE.length)];
    }
}
