package io.jwtbench.bench.runtime.ab;

/** Why the check cannot judge (bad input, a build that does not start or answers errors): exit 2 with this message. */
public class AbException extends RuntimeException {
    public AbException(String message) {
        super(message);
    }
}
