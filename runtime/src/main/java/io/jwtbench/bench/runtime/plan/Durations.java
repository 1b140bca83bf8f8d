package io.jwtbench.bench.runtime.plan;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The duration syntax of run specs: {@code 500ms}, {@code 30s}, {@code 1.5s}, {@code 2m}, {@code 1h} or ISO-8601 {@code PT30S}. */
public final class Durations {
    private static final Pattern SHORT = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)");

    private Durations() {
    }

    /** @throws IllegalArgumentException with a message fit for a 400 answer */
    public static Duration parse(String text) {
        String t = text == null ? "" : text.trim();
        Matcher m = SHORT.matcher(t);
        if (m.matches()) {
            BigDecimal amount = new BigDecimal(m.group(1));
            long nanosPerUnit = switch (m.group(2)) {
                case "ms" -> 1_000_000L;
                case "s" -> 1_000_000_000L;
                case "m" -> 60_000_000_000L;
                default -> 3_600_000_000_000L;
            };
            try {
                return Duration.ofNanos(amount.multiply(BigDecimal.valueOf(nanosPerUnit)).longValueExact());
            } catch (ArithmeticException tooLong) {
                throw new IllegalArgumentException("'" + t + "' is too long");
            }
        }
        if (t.regionMatches(true, 0, "PT", 0, 2)) {
            try {
                return Duration.parse(t);
            } catch (DateTimeParseException e) {
                // falls through to the common message
            }
        }
        throw new IllegalArgumentException("'" + t + "' is not a duration (use e.g. 500ms, 30s, 2m or PT30S)");
    }

    /** Compact human form: {@code 500ms}, {@code 30s}, {@code 1.5s}, {@code 2m}. */
    public static String format(Duration d) {
        long ms = d.toMillis();
        if (ms < 1000) {
            return ms + "ms";
        }
        if (ms % 60_000 == 0) {
            return (ms / 60_000) + "m";
        }
        return BigDecimal.valueOf(ms, 3).stripTrailingZeros().toPlainString() + "s";
    }
}
