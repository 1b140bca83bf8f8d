package io.jwtbench.bench.runtime.plan;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The duration syntax of run specs: {@code 500ms}, {@code 30s}, {@code 1.5s}, {@code 2m}, {@code 1h} or ISO-8601 {@code PT30S}. */
public final class Durations {
    private static final Pattern SHORT = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)");
    /** The longest text read as a duration: checked before any parsing or arithmetic. */
    public static final int MAX_LENGTH = 32;
    /**
     * The longest duration any spec field may hold, before its own cap: 7 days. Bounded so that every
     * later conversion ({@code toNanos}, sums over a series' steps) stays far from overflowing.
     */
    public static final Duration MAX = Duration.ofDays(7);

    private Durations() {
    }

    /** @throws IllegalArgumentException with a message fit for a 400 answer */
    public static Duration parse(String text) {
        if (text != null && text.length() > MAX_LENGTH) { // before trim, regex and BigDecimal: their cost grows with the text
            throw new IllegalArgumentException("is " + text.length() + " characters long; a duration has at most " + MAX_LENGTH);
        }
        String t = text == null ? "" : text.trim();
        return bounded(t, read(t));
    }

    private static Duration bounded(String t, Duration d) {
        if (d.compareTo(MAX) > 0) {
            throw new IllegalArgumentException("'" + t + "' is too long: a duration is at most 7 days (168h)");
        }
        return d;
    }

    private static Duration read(String t) {
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
                throw new IllegalArgumentException("'" + t + "' is too long: a duration is at most 7 days (168h)");
            }
        }
        if (t.regionMatches(true, 0, "PT", 0, 2)) {
            try {
                return Duration.parse(t);
            } catch (DateTimeParseException | ArithmeticException e) {
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
