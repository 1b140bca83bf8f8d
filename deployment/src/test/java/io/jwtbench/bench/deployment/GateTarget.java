package io.jwtbench.bench.deployment;

import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import jakarta.enterprise.context.ApplicationScoped;

import io.jwtbench.bench.runtime.spi.BenchRequest;
import io.jwtbench.bench.runtime.spi.BenchTarget;
import io.jwtbench.bench.runtime.spi.RequestSource;

/** GET /probe/ok (routes of {@link ProbeTarget}), but prepare() waits until the test opens the gate. */
@ApplicationScoped
public class GateTarget implements BenchTarget {
    static final CountDownLatch OPEN = new CountDownLatch(1);

    @Override
    public String name() {
        return "gate";
    }

    @Override
    public String description() {
        return "GET /probe/ok once the test opens the gate";
    }

    @Override
    public RequestSource prepare(Map<String, Object> options) {
        try {
            if (!OPEN.await(60, TimeUnit.SECONDS)) {
                throw new IllegalStateException("the test never opened the gate");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        BenchRequest request = BenchRequest.get("/probe/ok");
        return sequence -> request;
    }
}
