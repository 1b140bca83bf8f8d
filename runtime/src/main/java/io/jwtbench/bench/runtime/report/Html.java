package io.jwtbench.bench.runtime.report;

import java.util.Locale;

/** Escaping and number formats shared by the HTML and text renderings. */
final class Html {
    private Html() {
    }

    static String escape(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    /** Like wrk: the unit that keeps the number readable; "-" when unknown. */
    static String ms(double ms) {
        if (!SvgChart.finite(ms)) {
            return "-";
        }
        if (ms < 1) {
            return String.format(Locale.ROOT, "%.0fus", ms * 1000);
        }
        if (ms < 100) {
            return String.format(Locale.ROOT, "%.2fms", ms);
        }
        if (ms < 1000) {
            return String.format(Locale.ROOT, "%.1fms", ms);
        }
        return String.format(Locale.ROOT, "%.2fs", ms / 1000);
    }

    static String fixed(double v, int decimals) {
        return SvgChart.finite(v) ? String.format(Locale.ROOT, "%." + decimals + "f", v) : "-";
    }
}
