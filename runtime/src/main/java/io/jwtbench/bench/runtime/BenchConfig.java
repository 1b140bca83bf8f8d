package io.jwtbench.bench.runtime;

import java.time.Duration;

import io.quarkus.runtime.annotations.ConfigPhase;
import io.quarkus.runtime.annotations.ConfigRoot;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Run-time knobs of the bench. */
@ConfigMapping(prefix = "quarkus.bench")
@ConfigRoot(phase = ConfigPhase.RUN_TIME)
public interface BenchConfig {
    /**
     * Whether the bench endpoints accept requests. When false the routes stay registered (they are
     * build-time) but answer exactly like an absent route (404), and no generator is ever created.
     */
    @WithDefault("true")
    boolean enabled();

    /** How many runs (finished or not) are remembered; the oldest is forgotten first. */
    @WithDefault("20")
    int historySize();

    /** Upper bound for {@code connections} in a run spec. */
    @WithDefault("1000")
    int maxConnections();

    /** Upper bound for {@code duration} and {@code warmup} in a run spec. */
    @WithDefault("10m")
    Duration maxDuration();

    /** Upper bound for {@code rate} (requests per second) in a run spec. */
    @WithDefault("200000")
    int maxRate();

    /** Request timeout when the run spec gives no {@code timeout}; at most 60s (the histogram's range). */
    @WithDefault("10s")
    Duration requestTimeout();

    /** Event loops of the generator's own Vert.x instance. */
    @WithDefault("1")
    int eventLoops();

    /** Connection pool size of an open-model run that gives no {@code connections}. */
    @WithDefault("64")
    int openConnections();

    /**
     * The longest a series (a sweep or a compare) may hold the bench: its steps' warm-ups, durations
     * and pauses added up. A longer one is a 400 naming the field that makes it long.
     */
    @WithDefault("1h")
    Duration maxSeriesDuration();

    /**
     * What the requests, histograms and connection buffers of one run may take of the heap before it
     * is prepared; a spec that needs more is a 400 naming its largest contributor. Default: a quarter
     * of the maximum heap ({@code Runtime.maxMemory()}).
     */
    java.util.Optional<io.quarkus.runtime.configuration.MemorySize> memoryBudget();

    /**
     * The largest body of {@code POST /q/bench/runs}: a spec and its baseline, a whole run report (about
     * 200 KB with its CPU profile); {@code POST /q/bench/regression} takes two reports and twice this. Only a
     * caller with the bench role gets its body read (the authorizer runs first). A larger
     * {@code Content-Length} is refused with 413 before the body is read; a chunked body is read (up to
     * {@code quarkus.http.limits.max-body-size}) and then refused the same way.
     */
    @WithDefault("1M")
    io.quarkus.runtime.configuration.MemorySize maxBodySize();

    /**
     * The largest body of the routes that take a spec only (compares, sweeps, fleet runs) and of every
     * other request: a spec is a few hundred bytes.
     */
    @WithDefault("64K")
    io.quarkus.runtime.configuration.MemorySize maxSpecSize();

    /**
     * How many live progress streams ({@code /events}) one run, compare, sweep or fleet run may have at
     * once; one more is answered 429.
     */
    @WithDefault("16")
    int maxEventSubscribers();

    /** Who may use the bench endpoints ({@code quarkus.bench.security.*}). */
    Security security();

    /** The start-up smoke bench and its readiness check ({@code quarkus.bench.smoke.*}). */
    SmokeConfig smoke();

    /** Per-request breakdown and JVM facts from JFR (runs with {@code "breakdown": true}; off by default). */
    Breakdown breakdown();

    /** Raw JFR recordings kept for runs with {@code "jfr": true}. */
    Jfr jfr();

    /** The TLS engine of the application's HTTPS server, and the bench's loopback listeners ({@code quarkus.bench.server-tls.*}). */
    ServerTls serverTls();

    interface ServerTls {
        /**
         * Who encrypts the application's HTTPS port: {@code jdk} (the JDK's SSLEngine), {@code openssl} (BoringSSL of
         * netty-tcnative; start-up stops, naming this property and the reason, where it does not load or cannot use
         * the certificate) or {@code auto} (BoringSSL where it loads and serves the certificate, measured faster, else
         * the JDK's; one log line says which and why).
         */
        @WithDefault("auto")
        Engine engine();

        /**
         * Whether a TLS run may ask for the other server engine ({@code serverTlsEngine}) or a certificate of a given
         * key type ({@code certificate}): the bench then serves the application's routes on a listener of its own,
         * on 127.0.0.1 only, opened at the first run that asks and kept until shutdown. False: such a run is refused.
         */
        @WithDefault("true")
        boolean benchListeners();

        enum Engine {
            AUTO, JDK, OPENSSL
        }
    }

    /**
     * Authorization inside the bench's own handlers, on whatever port and root path the routes live:
     * it does not depend on {@code quarkus.http.auth.permission.*} naming the right path.
     */
    interface Security {
        /**
         * Whether a caller needs {@link #role()}. Default: yes, except in dev and test mode. Without
         * an authentication mechanism on the routes' server (for instance the management interface
         * without {@code quarkus.management.auth.enabled}) every request is refused: fail closed.
         */
        java.util.Optional<Boolean> enabled();

        /** The role a caller's {@code SecurityIdentity} must have. */
        @WithDefault("bench-operator")
        String role();

        /**
         * Lets anyone {@code GET} the lists and reports (never the raw JFR recordings, which hold
         * stacks and thread names of the whole process); starting and cancelling still need the role.
         */
        @WithDefault("false")
        boolean publicReads();
    }

    /** When a run counts as steady, and how long {@code "warmup": "auto"} may warm up ({@code quarkus.bench.steady.*}). */
    Steady steady();

    interface Steady {
        /**
         * JIT compile time (compilation MXBean) per measured second above which a run is not steady. A
         * fresh JVM compiles for hundreds of ms per second; a warm one now and then finishes a C2 compile.
         */
        @WithDefault("50")
        double maxCompileMsPerSecond();

        /** Classes loaded per measured second above which a run is not steady. */
        @WithDefault("5")
        double maxClassesPerSecond();

        /** Deoptimizations per measured second above which a run is not steady (JFR runs only). */
        @WithDefault("2")
        double maxDeoptimizationsPerSecond();

        /** Coefficient of variation of the per-second throughput above which a run is not steady. */
        @WithDefault("0.15")
        double maxThroughputCv();

        /** Growth of the heap left after GC over the measured window (0.5 = +50 %, and at least 32 MB) that is not steady. */
        @WithDefault("0.5")
        double maxHeapAfterGcGrowth();

        /** Upper bound of an automatic warm-up ({@code "warmup": "auto"}). */
        @WithDefault("30s")
        Duration autoWarmupMax();

        /** An automatic warm-up ends once this many consecutive seconds were quiet and stable. */
        @WithDefault("3")
        int autoWarmupWindow();
    }

    /** The CPU profile by component (runs with {@code "profile": true}, the default, with or without the breakdown). */
    Profile profile();

    interface Profile {
        /**
         * Attribution rules checked before the built-in ones, in order, each {@code pattern=component}: a
         * {@code class.method} prefix ({@code com.acme.json.=JSON parsing}) or, starting with {@code *}, a
         * substring.
         */
        java.util.Optional<java.util.List<String>> rules();

        /**
         * {@code cpu-time}: JDK 25's {@code jdk.CPUTimeSample} (Linux), one sample per 10 ms of a thread's CPU,
         * native and kernel time included; {@code execution}: {@code jdk.ExecutionSample} and
         * {@code jdk.NativeMethodSample} every 10 ms; {@code auto}: cpu-time where the JVM has it.
         */
        @WithDefault("auto")
        String sampler();
    }

    /** The pods a fleet run ({@code POST /q/bench/fleet}) starts on ({@code quarkus.bench.fleet.*}). */
    FleetConfig fleet();

    interface Breakdown {
        /** Contended monitor enters and thread parks at least this long are reported in the {@code jvm} section. */
        @WithDefault("10ms")
        Duration lockThreshold();

        /** How many of the most frequent stacks (pinned virtual threads, contention) are reported. */
        @WithDefault("5")
        int topStacks();
    }

    interface Jfr {
        /** Upper bound of one run's .jfr file; older data is dropped first when a run records more. */
        @WithDefault("50M")
        io.quarkus.runtime.configuration.MemorySize maxSize();

        /** Where the .jfr files are kept (created 0700 if missing; files 0600); default: a new 0700 {@code jwt-bench-jfr-*} directory of this process in {@code java.io.tmpdir}, removed at shutdown. */
        java.util.Optional<String> directory();
    }
}
