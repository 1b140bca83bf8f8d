package io.jwtbench.bench.runtime.spi;

import io.jwtbench.bench.runtime.stats.GeneratorStats;
import io.jwtbench.bench.runtime.stats.LatencyStats;

/**
 * What the client side measured over the measured phase, handed to {@link RunExtension.Observation#end(RunOutcome)}
 * so a section can set server-side figures against it. Any field may be null when the run ended before measuring.
 *
 * @param latency the client-observed latency of the measured phase
 * @param generator the generator's own CPU figures
 */
public record RunOutcome(long requests, double durationSeconds, LatencyStats latency, GeneratorStats generator) {
}
