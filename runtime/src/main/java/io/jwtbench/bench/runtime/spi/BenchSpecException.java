package io.jwtbench.bench.runtime.spi;

import io.jwtbench.bench.runtime.plan.SpecException;

/** A target option is invalid (thrown by {@link BenchTarget#prepare}): answered as 400 naming the field. */
public class BenchSpecException extends SpecException {

    public BenchSpecException(String field, String reason) {
        super(field, reason);
    }
}
