package io.jwtbench.service.models;

import io.jwtbench.bench.runtime.spi.BenchRequest;
import io.jwtbench.bench.runtime.spi.BenchSpecException;
import io.jwtbench.bench.runtime.spi.BenchTarget;
import io.jwtbench.bench.runtime.spi.RequestSource;
import jakarta.inject.Singleton;

import java.util.Map;

/** Test only: loads {@link PinningResource}; option {@code model} is {@code virtual} or {@code worker}. */
@Singleton
public class PinBenchTarget implements BenchTarget {

    @Override
    public String name() {
        return "pin";
    }

    @Override
    public String description() {
        return "test only: GET /test/pin/{virtual|worker}, blocking while pinned";
    }

    @Override
    public RequestSource prepare(Map<String, Object> options) {
        for (String name : options.keySet()) {
            if (!name.equals("model")) {
                throw new BenchSpecException(name, "unknown option; the pin target takes model");
            }
        }
        String model = String.valueOf(options.getOrDefault("model", "virtual"));
        if (!model.equals("virtual") && !model.equals("worker")) {
            throw new BenchSpecException("model", "must be virtual or worker");
        }
        BenchRequest request = BenchRequest.get("/test/pin/" + model);
        return sequence -> request;
    }
}
