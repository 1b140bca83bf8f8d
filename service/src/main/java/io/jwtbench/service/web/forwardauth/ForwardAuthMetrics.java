package io.jwtbench.service.web.forwardauth;

import io.jwtbench.service.validation.Reason;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

import java.util.HashMap;
import java.util.Map;

/**
 * {@code jwt_forward_auth_total{status,reason}}: every answer of the route, by status and reason code
 * ({@code none} for a 200). Every counter is registered up front, so an answer is one map read and an add.
 * The token outcomes themselves count in {@code jwt_validations_total}, as at {@code /jwt/validate}.
 */
final class ForwardAuthMetrics {
    static final String NAME = "jwt.forward.auth";

    private final Counter allowed;
    private final Map<String, Counter> refused;

    ForwardAuthMetrics(MeterRegistry registry) {
        allowed = counter(registry, 200, "none");
        Map<String, Counter> m = new HashMap<>();
        for (ForwardAuthAnswers.Code code : ForwardAuthAnswers.Code.values()) {
            m.put(code.name(), counter(registry, code.status, code.name()));
        }
        for (Reason reason : Reason.values()) {
            m.put(reason.name(), counter(registry, 401, reason.name()));
        }
        refused = Map.copyOf(m);
    }

    void allowed() {
        allowed.increment();
    }

    void refused(ForwardAuthAnswers answer) {
        Counter counter = refused.get(answer.reason());
        if (counter != null) {
            counter.increment();
        }
    }

    private static Counter counter(MeterRegistry registry, int status, String reason) {
        return Counter.builder(NAME).description("Answers of the forward-auth route by status and reason")
                .tag("status", Integer.toString(status)).tag("reason", reason).register(registry);
    }
}
