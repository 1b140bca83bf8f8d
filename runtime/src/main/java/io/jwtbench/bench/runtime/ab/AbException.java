package io.jwtbench.bench.runtime.ab;

/**
 * Why the check cannot judge (bad input, a build that does not start or answers errors): exit 2 with this message
 * on the verdict line, one line; {@code detail} (the end of a build's log) is printed above it.
 */
public class AbException extends RuntimeException {
    private final String detail;

    public AbException(String message) {
        this(message, null);
    }

    public AbException(String message, String detail) {
        super(message);
        this.detail = detail;
    }

    /** Lines to show above the verdict, or null. */
    public String detail() {
        return detail;
    }
}
