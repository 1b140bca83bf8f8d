package io.jwtbench.bench.runtime.api;

import java.util.Locale;

/**
 * Which of the bench's two renderings an {@code Accept} header prefers (RFC 9110 §12.5.1): the text one only when
 * {@code text/plain} weighs more than {@code application/json}, each by its most specific matching range
 * ({@code text/plain} over {@code text/*} over {@code *}{@code /*}). A tie, no header or neither acceptable: JSON,
 * the contract.
 */
final class AcceptHeader {
    private AcceptHeader() {
    }

    static boolean prefersText(String accept) {
        return accept != null && weight(accept, "text", "plain") > weight(accept, "application", "json");
    }

    /** The q of the most specific range in {@code accept} that matches {@code type/subtype}; 0 when none does. */
    static double weight(String accept, String type, String subtype) {
        int best = -1;
        double q = 0;
        for (String range : accept.split(",", -1)) {
            String[] parts = range.split(";", -1);
            String[] media = parts[0].strip().toLowerCase(Locale.ROOT).split("/", 2);
            if (media.length != 2) {
                continue;
            }
            int specificity = media[0].equals(type) && media[1].equals(subtype) ? 2
                    : media[0].equals(type) && media[1].equals("*") ? 1
                    : media[0].equals("*") && media[1].equals("*") ? 0 : -1;
            if (specificity > best) {
                best = specificity;
                q = q(parts);
            }
        }
        return q;
    }

    /** The range's {@code q} parameter, 1 without one; a malformed one counts as 1, as most servers read it. */
    private static double q(String[] parts) {
        for (int i = 1; i < parts.length; i++) {
            String p = parts[i].strip();
            if (p.regionMatches(true, 0, "q=", 0, 2)) {
                try {
                    double q = Double.parseDouble(p.substring(2).strip());
                    return q >= 0 && q <= 1 ? q : 1;
                } catch (NumberFormatException e) {
                    return 1;
                }
            }
        }
        return 1;
    }
}
