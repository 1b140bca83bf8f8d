package io.jwtbench.bench.runtime.report;

import java.net.URI;
import java.time.Duration;
import java.util.Map;

import io.jwtbench.bench.runtime.plan.LoadModel;
import io.jwtbench.bench.runtime.plan.Protocol;
import io.jwtbench.bench.runtime.plan.RunSpec;
import io.jwtbench.bench.runtime.plan.Transport;
import io.jwtbench.bench.runtime.spi.ExportedRequest;

/**
 * A run's load as a Hyperfoil benchmark ({@code /q/bench/runs/{id}/hyperfoil.yaml}), for when the load
 * must come from other machines: the same request, connections, model, warm-up and duration.
 * <ul>
 * <li>closed: {@code always} with one user per connection (each waits for its answer, then sends);</li>
 * <li>constant-rate: {@code constantRate}; ramp: {@code increasingRate} from {@code rate} to
 * {@code rampTo}, after a warm-up at {@code rate} as the bench does;</li>
 * <li>the warm-up is its own phase ({@code isWarmup}), the measured phase starts after it.</li>
 * </ul>
 * Credentials are never written: a request's {@link ExportedRequest.HeaderFromFile} takes its value from
 * a file beside the YAML, one value a line, which whoever runs the benchmark supplies.
 */
public final class HyperfoilYaml {
    public static final String WARMUP_PHASE = "warmup";
    /** The session variable that holds the line taken from a {@link ExportedRequest.HeaderFromFile}'s file. */
    private static final String FILE_VALUE = "fromFile";
    public static final String MEASURED_PHASE = "measured";

    private HyperfoilYaml() {
    }

    /**
     * @param origin where to send: {@code http://host:port} (the path comes from the request)
     */
    public static String of(String runId, RunSpec spec, ExportedRequest request, URI origin) {
        LoadModel load = spec.loadModel();
        StringBuilder y = new StringBuilder();
        y.append("# Hyperfoil benchmark exported from jwt-bench run ").append(runId).append(": target ")
                .append(spec.target()).append(", ").append(load.describe()).append('\n');
        ExportedRequest.HeaderFromFile fromFile = request.headerFromFile();
        if (fromFile != null) {
            y.append("# Needs ").append(fromFile.file()).append(" beside this file, one a line: ").append(fromFile.holds())
                    .append("\n# (the ").append(fromFile.name()).append(" header's values; none is written here).\n");
        }
        if (spec.autoWarmup()) {
            y.append("# The run warmed up automatically; the warm-up phase here lasts its upper bound.\n");
        }
        y.append("name: ").append(quoted("jwt-bench-" + runId)).append('\n');
        y.append("http:\n");
        y.append("  host: ").append(quoted(origin.getScheme() + "://" + origin.getRawAuthority())).append('\n');
        y.append("  sharedConnections: ").append(load.connections()).append('\n');
        Transport transport = spec.transport();
        if (transport.protocol() == Protocol.H2 && transport.tls()) {
            y.append("  allowHttp1x: false\n"); // the run spoke HTTP/2 (ALPN), this many streams on each connection
            y.append("  maxHttp2Streams: ").append(transport.streams()).append('\n');
        } else {
            if (transport.protocol() == Protocol.H2) {
                y.append("  # The run spoke h2c with prior knowledge, which Hyperfoil 0.25 does not (\"Direct HTTP/2 not\n")
                        .append("  # implemented\"): this load is HTTP/1.1 on the same port.\n");
            }
            y.append("  allowHttp2: false\n"); // the run spoke HTTP/1.1 (over TLS, ALPN offered only that)
        }
        if (!transport.keepAlive()) {
            y.append("  connectionStrategy: ALWAYS_NEW\n"); // the run opened a connection per request
        }
        if (transport.tls()) {
            y.append("  # The run trusted the application's own certificate only: give Hyperfoil the same, e.g.\n")
                    .append("  # trustManager: { certFile: /path/to/the-server-cert.pem }\n");
        }
        y.append("  requestTimeout: ").append(millis(spec.timeout())).append('\n');
        y.append("phases:\n");
        if (!spec.warmup().isZero()) {
            phase(y, WARMUP_PHASE, warmupLoad(load), spec.warmup(), null, request);
        }
        phase(y, MEASURED_PHASE, load, spec.duration(), spec.warmup().isZero() ? null : WARMUP_PHASE, request);
        return y.toString();
    }

    /** The bench warms a ramp up at its starting rate. */
    private static LoadModel warmupLoad(LoadModel load) {
        return load instanceof LoadModel.Ramp r ? new LoadModel.ConstantRate(r.rate(), r.connections()) : load;
    }

    private static void phase(StringBuilder y, String name, LoadModel load, Duration duration, String after,
            ExportedRequest request) {
        y.append("- ").append(name).append(":\n");
        String in = "    ";
        switch (load) {
            case LoadModel.Closed c -> {
                y.append("    always:\n");
                y.append(in).append("  users: ").append(c.connections()).append('\n');
            }
            case LoadModel.ConstantRate c -> {
                y.append("    constantRate:\n");
                y.append(in).append("  usersPerSec: ").append(c.rate()).append('\n');
                maxSessions(y, c.rate(), c.connections());
            }
            case LoadModel.Ramp r -> {
                y.append("    increasingRate:\n");
                y.append(in).append("  initialUsersPerSec: ").append(r.rate()).append('\n');
                y.append(in).append("  targetUsersPerSec: ").append(r.rampTo()).append('\n');
                maxSessions(y, Math.max(r.rate(), r.rampTo()), r.connections());
            }
        }
        y.append(in).append("  duration: ").append(millis(duration)).append('\n');
        if (WARMUP_PHASE.equals(name)) {
            y.append(in).append("  isWarmup: true\n");
        }
        if (after != null) {
            y.append(in).append("  startAfter: ").append(after).append('\n');
        }
        scenario(y, in + "  ", request);
    }

    /**
     * Each arrival is a session waiting for one of the pool's connections: a second of arrivals (at
     * least one per connection) may wait before Hyperfoil reports the limit, rather than silently
     * sending less.
     */
    private static void maxSessions(StringBuilder y, int peakRate, int connections) {
        y.append("      maxSessions: ").append(Math.max(peakRate, connections)).append('\n');
    }

    private static void scenario(StringBuilder y, String in, ExportedRequest request) {
        y.append(in).append("scenario:\n");
        y.append(in).append("- request:\n");
        String step = in + "  ";
        ExportedRequest.HeaderFromFile fromFile = request.headerFromFile();
        if (fromFile != null) {
            y.append(step).append("- randomItem:\n");
            y.append(step).append("    file: ").append(quoted(fromFile.file())).append('\n');
            y.append(step).append("    toVar: ").append(FILE_VALUE).append('\n');
        }
        y.append(step).append("- httpRequest:\n");
        y.append(step).append("    ").append(request.method()).append(": ").append(quoted(request.path())).append('\n');
        if (!request.headers().isEmpty() || fromFile != null) {
            y.append(step).append("    headers:\n");
            for (Map.Entry<String, String> h : request.headers().entrySet()) {
                y.append(step).append("      ").append(quoted(h.getKey())).append(": ").append(quoted(h.getValue()))
                        .append('\n');
            }
            if (fromFile != null) {
                y.append(step).append("      ").append(quoted(fromFile.name())).append(":\n");
                y.append(step).append("        pattern: ").append(quoted(fromFile.prefix() + "${" + FILE_VALUE + "}"))
                        .append('\n');
            }
        }
    }

    /** Whole milliseconds: Hyperfoil reads {@code 1500ms}, not {@code 1.5s}. */
    private static String millis(Duration d) {
        return d.toMillis() + "ms";
    }

    /** A YAML double-quoted scalar. */
    private static String quoted(String s) {
        return '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }
}
