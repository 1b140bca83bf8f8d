package io.jwtbench.bench.runtime.spi;

/**
 * What a {@link RunExtension} learns about a run when its measured phase begins.
 *
 * @param id the run's id
 * @param target the target's name
 * @param path the path of the run's (first) request: the traffic the run measures, e.g. {@code /jwt/validate}
 * @param breakdown the spec's {@code breakdown} flag (default false): whether per-request observation is wanted
 * @param keepRecording the spec's {@code jfr} flag (default false): whether a raw JFR recording should be kept
 * @param profile the spec's {@code profile} flag (default true): whether to sample where the CPU goes
 * @param tls whether the run's connections are TLS
 * @param protocol the HTTP protocol the run speaks: {@code http/1.1} or {@code h2}
 */
public record RunContext(String id, String target, String path, boolean breakdown, boolean keepRecording,
        boolean profile, boolean tls, String protocol) {
}
