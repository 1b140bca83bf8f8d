package io.jwtbench.bench.runtime.spi;

/** A run spec (or a target option) is invalid: answered as 400 naming the field. */
public class BenchSpecException extends RuntimeException {
    private final String field;
    private final String reason;

    public BenchSpecException(String field, String reason) {
        super(field + ": " + reason);
        this.field = field;
        this.reason = reason;
    }

    public String field() {
        return field;
    }

    public String reason() {
        return reason;
    }
}
