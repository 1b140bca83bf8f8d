package io.jwtbench.service.validation;

/**
 * A token was refused. Thrown on the hot path for every bad token, so it carries no stack
 * trace: the reason and message say everything a caller can act on. Messages are capped at
 * {@link #MAX_MESSAGE} characters: they may quote attacker-chosen text.
 */
public final class InvalidTokenException extends Exception {
    /** Longest message kept; longer ones end in "...". */
    public static final int MAX_MESSAGE = 200;
    private final Reason reason;
    /** The configured issuer's name once the token's iss was recognised, else null. */
    private String issuerName;

    public InvalidTokenException(Reason reason, String message) {
        super(bounded(message), null, false, false);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }

    public String issuerName() {
        return issuerName;
    }

    InvalidTokenException from(Issuer issuer) {
        this.issuerName = issuer == null ? null : issuer.name();
        return this;
    }

    private static String bounded(String message) {
        return message == null || message.length() <= MAX_MESSAGE ? message : message.substring(0, MAX_MESSAGE - 3) + "...";
    }
}
