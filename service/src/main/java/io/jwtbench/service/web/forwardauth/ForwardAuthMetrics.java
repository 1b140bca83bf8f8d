package io.jwtbench.service.web.forwardauth;

import io.jwtbench.service.validation.Reason;
import io.jwtbench.service.validation.RequestProblem;
import io.jwtbench.service.validation.ValidationMetrics.Traffic;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;

/**
 * {@code jwt_forward_auth_total{status,reason,traffic}}: every answer of the route, by status and reason code
 * ({@code none} for a 200), the bench's own requests apart ({@code traffic="bench"}) as in {@code jwt_validations_total}. Every counter is registered up front, so an answer is one map read and an add.
 * The token outcomes themselves count in {@code jwt_validations_total}, as at {@code /jwt/validate}.
 */
final class ForwardAuthMetrics {
    static final String NAME = "jwt.forward.auth";

    private final Map<Traffic, Counter> allowed = new EnumMap<>(Traffic.class);
    private final Map<Traffic, Map<String, Counter>> refused = new EnumMap<>(Traffic.class);

    ForwardAuthMetrics(MeterRegistry registry) {
        for (Traffic traffic : Traffic.values()) {
            allowed.put(traffic, counter(registry, 200, "none", traffic));
            Map<String, Counter> m = new HashMap<>();
            for (ForwardAuthAnswers.Code code : ForwardAuthAnswers.Code.values()) {
                m.put(code.name(), counter(registry, code.status, code.name(), traffic));
            }
            for (Reason reason : Reason.values()) {
                m.put(reason.name(), counter(registry, 401, reason.name(), traffic));
            }
            for (RequestProblem problem : RequestProblem.values()) {
                m.put(problem.name(), counter(registry, 401, problem.name(), traffic));
            }
            refused.put(traffic, Map.copyOf(m));
        }
    }

    void allowed(Traffic traffic) {
        allowed.get(traffic).increment();
    }

    /** Every reason the route can give has its counter: a missing one is a bug, not a reason to drop the count. */
    void refused(ForwardAuthAnswers answer, Traffic traffic) {
        refused.get(traffic).get(answer.reason()).increment();
    }

    private static Counter counter(MeterRegistry registry, int status, String reason, Traffic traffic) {
        return Counter.builder(NAME).description("Answers of the forward-auth route by status and reason")
                .tag("status", Integer.toString(status)).tag("reason", reason).tag("traffic", traffic.tag()).register(registry);
    }
}
