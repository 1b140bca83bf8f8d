package io.jwtbench.bench.runtime.plan;

/**
 * A spec is invalid: answered as 400 naming the field. The parsers here throw it; targets throw its
 * SPI subclass {@code spi.BenchSpecException} for their options, which the API answers the same way.
 */
public class SpecException extends RuntimeException {
    private final String field;
    private final String reason;

    public SpecException(String field, String reason) {
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
