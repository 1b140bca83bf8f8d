package io.jwtbench.bench.runtime.plan;

import java.time.Duration;
import java.util.List;
import java.util.Map;


/**
 * A validated sweep: the same target and options at increasing load, one ordinary run per step.
 *
 * @param steps one run spec per step, in the order they run (increasing load)
 * @param pause idle time between two steps
 * @param boundPercentile p50, p90 or p99: the percentile held to {@code boundMs} by the "best throughput under a bound" analysis
 * @param echo the request as the caller could have written it
 */
public record SweepSpec(String target, List<RunSpec> steps, Duration pause,
        Percentile boundPercentile, double boundMs, Map<String, Object> echo) {

    public SweepSpec {
        steps = List.copyOf(steps);
    }

    /** Load of step i: its connections (closed model) or its rate (open model). */
    public int load(int i) {
        return steps.get(i).loadModel().level();
    }

    /** "connections" or "req/s". */
    public String loadUnit() {
        return loadModel().unit();
    }

    /** The first step's load model: every step's is of the same kind. */
    public LoadModel loadModel() {
        return steps.get(0).loadModel();
    }

    public Map<String, Object> options() {
        return steps.get(0).options();
    }
}
