package io.jwtbench.bench.runtime.jfr;

import java.util.ArrayList;
import java.util.List;

/**
 * Which component a sampled frame belongs to: ordered rules on a frame's {@code class.method} name,
 * the first matching rule wins. A rule's pattern is a prefix ({@code sun.security.}, or a method:
 * {@code com.fasterxml.jackson.databind.ObjectMapper.write}) or, starting with {@code *}, a substring
 * ({@code *_ClientProxy}, ArC's generated classes). The application's rules
 * ({@code quarkus.bench.profile.rules}, {@code pattern=component}) come before these defaults.
 * JDK plumbing that every component uses ({@code java.lang}, {@code java.util}) has no rule on
 * purpose: a sample there belongs to its nearest caller that has one.
 */
final class ComponentRules {
    static final String OTHER = "other";
    static final String GENERATOR = "load generator";
    static final String BENCH = "bench overhead";
    static final String NETWORK = "network I/O";
    /** Samples of threads waiting in native code (only the wall-clock samplers see those): not CPU. */
    static final String IDLE = "(idle wait)";
    static final String CRYPTO = "crypto";
    /** TLS on a connection already set up: records framed, encrypted and decrypted. */
    static final String TLS_RECORDS = "TLS records";
    /** TLS handshakes: key exchange, certificate, signatures, session tickets. */
    static final String TLS_HANDSHAKE = "TLS handshake";
    /** HTTP/2's framing, flow control and header compression (HPACK). */
    static final String HTTP2 = "HTTP/2";
    /** The generator's share of each TLS and HTTP/2 component, named apart from the server's. */
    static final String GENERATOR_PREFIX = GENERATOR + ": ";

    record Rule(String pattern, String component) {
        boolean matches(String frame) {
            return pattern.startsWith("*") ? frame.contains(pattern.substring(1)) : frame.startsWith(pattern);
        }
    }

    private static final List<Rule> DEFAULTS = rules(
            // the bench's own code on the server's threads: the timing filter, the probe, JFR itself
            rule(BENCH, "io.jwtbench.bench.", "jdk.jfr.", "jdk.internal.event.", "jdk.internal.jfr."),
            // before crypto: TLS's own classes live under sun.security. too
            rule(TLS_RECORDS, "sun.security.ssl.", "javax.net.ssl.", "io.netty.handler.ssl.", "io.netty.internal.tcnative."),
            rule(CRYPTO, "sun.security.", "java.security.", "javax.crypto.", "com.sun.crypto.", "org.bouncycastle.",
                    "com.amazon.corretto.crypto."),
            rule("JSON serialization", "com.fasterxml.jackson.core.json.UTF8JsonGenerator",
                    "com.fasterxml.jackson.core.json.WriterBasedJsonGenerator", "com.fasterxml.jackson.core.JsonGenerator",
                    "com.fasterxml.jackson.databind.ser.", "com.fasterxml.jackson.databind.ObjectWriter",
                    "com.fasterxml.jackson.databind.ObjectMapper.write", "io.vertx.core.json.jackson.JacksonCodec.encode",
                    "io.vertx.core.json.JsonObject.encode", "org.eclipse.parsson.JsonGenerator",
                    "org.eclipse.parsson.JsonObjectBuilder", "org.eclipse.parsson.JsonArrayBuilder",
                    "org.eclipse.parsson.JsonPrettyGenerator", "org.glassfish.json.JsonGenerator"),
            rule("JSON parsing", "com.fasterxml.jackson.core.json.ReaderBasedJsonParser",
                    "com.fasterxml.jackson.core.json.UTF8StreamJsonParser", "com.fasterxml.jackson.core.json.ByteSourceJsonBootstrapper",
                    "com.fasterxml.jackson.core.base.ParserBase", "com.fasterxml.jackson.databind.deser.",
                    "com.fasterxml.jackson.databind.ObjectReader", "com.fasterxml.jackson.databind.ObjectMapper.read",
                    "io.vertx.core.json.jackson.JacksonCodec.decode", "org.eclipse.parsson.JsonParser",
                    "org.eclipse.parsson.JsonTokenizer", "org.eclipse.parsson.JsonReader"),
            // what is left of the JSON-P implementation builds and writes documents (SmallRye Health's responses)
            rule("JSON serialization", "org.eclipse.parsson.", "org.glassfish.json.", "jakarta.json."),
            rule("metrics", "io.micrometer.", "io.quarkus.micrometer.", "io.smallrye.metrics."),
            rule("health", "io.smallrye.health.", "io.quarkus.smallrye.health."),
            rule("security", "io.quarkus.security.", "io.quarkus.vertx.http.runtime.security.", "io.smallrye.config.SecretKeys"),
            rule("CDI (ArC)", "io.quarkus.arc.", "*_ClientProxy", "*_Subclass", "*_Bean.", "*_InterceptionSubclass",
                    "*_ProducerMethod", "io.smallrye.context.", "io.quarkus.vertx.core.runtime.context."),
            rule("Mutiny", "io.smallrye.mutiny."),
            rule("thread hand-off", "org.jboss.threads.", "java.util.concurrent.ThreadPoolExecutor",
                    "java.util.concurrent.ForkJoin", "java.util.concurrent.locks.LockSupport", "java.lang.VirtualThread",
                    "jdk.internal.vm.Continuation", "java.lang.Thread.yield", "jdk.internal.misc.Unsafe.unpark",
                    "io.vertx.core.impl.WorkerExecutor", "io.vertx.core.impl.TaskQueue", "io.vertx.core.impl.WorkerContext"),
            rule("routing & REST", "io.vertx.ext.web.", "io.quarkus.vertx.http.", "io.quarkus.vertx.web.",
                    "org.jboss.resteasy.reactive.", "io.quarkus.resteasy.reactive.", "io.quarkus.rest."),
            rule("logging", "org.jboss.logging.", "org.jboss.logmanager."),
            // before network I/O: Netty's and Vert.x' HTTP/2 live in their packages
            rule(HTTP2, "io.netty.handler.codec.http2.", "io.vertx.core.http.impl.Http2", "io.vertx.core.http.impl.VertxHttp2"),
            rule(NETWORK, "io.netty.", "io.vertx.core.", "sun.nio.ch.", "java.nio.channels.", "sun.nio.", "java.net."));

    /** Native frames of a thread blocked waiting (epoll, accept, sleep): the wall-clock samplers' idle time. */
    private static final List<String> IDLE_FRAMES = List.of("sun.nio.ch.EPoll.wait", "sun.nio.ch.Net.accept",
            "sun.nio.ch.Net.poll", "io.netty.channel.epoll.Native.epollWait", "io.netty.channel.epoll.Native.epollBusyWait",
            "java.lang.Thread.sleep", "jdk.internal.misc.Unsafe.park", "java.lang.Object.wait",
            "sun.nio.ch.KQueue.poll", "java.io.FileInputStream.read", "java.lang.ProcessHandleImpl.waitForProcessExit");

    private final List<Rule> rules;
    /** Whether this run's connections speak TLS, and HTTP/2: a generator sample may name only those. */
    private final boolean tls;
    private final boolean h2;

    ComponentRules(List<String> configured) {
        this(parse(configured), true, true);
    }

    private ComponentRules(List<Rule> rules, boolean tls, boolean h2) {
        this.rules = rules;
        this.tls = tls;
        this.h2 = h2;
    }

    /** These rules for a run whose connections are {@code tls} and speak {@code protocol}. */
    ComponentRules forRun(boolean tls, String protocol) {
        return new ComponentRules(rules, tls, "h2".equals(protocol));
    }

    /**
     * What the generator's Netty pipeline serves in this run: HTTP/2 in an HTTP/2 run (its session needs the pipeline
     * with or without TLS), TLS in a TLS HTTP/1.1 one; null in a plain HTTP/1.1 one, which has no pipeline.
     */
    private String generatorPipeline() {
        return h2 ? HTTP2 : tls ? TLS_RECORDS : null;
    }

    private static List<Rule> parse(List<String> configured) {
        List<Rule> all = new ArrayList<>();
        for (String c : configured) {
            int eq = c.lastIndexOf('=');
            if (eq <= 0 || eq == c.length() - 1) {
                throw new IllegalArgumentException("quarkus.bench.profile.rules: \"" + c + "\" is not pattern=component");
            }
            all.add(new Rule(c.substring(0, eq).trim(), c.substring(eq + 1).trim()));
        }
        all.addAll(DEFAULTS);
        return List.copyOf(all);
    }

    /** The component of one frame ({@code class.method}), or null when no rule names it. */
    String component(String frame) {
        for (Rule r : rules) {
            if (r.matches(frame)) {
                return r.component();
            }
        }
        return null;
    }

    /**
     * The component of a whole stack, {@code leafFirst}: its nearest frame with a rule names it, except that
     * crypto called by TLS is TLS (the AES-GCM of a record, the signature of a handshake), so is Netty's plumbing
     * that TLS calls for its own records (their buffers, its queue: what a plain pipeline does not do) up to where
     * it hands them on to the next handler, and TLS is its handshake wherever a handshake frame is on the stack.
     * Null when no frame has a rule.
     */
    String component(List<String> leafFirst) {
        String found = null;
        int at = 0;
        for (; at < leafFirst.size() && found == null; at++) {
            found = component(leafFirst.get(at));
        }
        if (NETWORK.equals(found) && calledByTls(leafFirst, at - 1)) {
            found = TLS_RECORDS;
        }
        if (CRYPTO.equals(found)) {
            for (; at < leafFirst.size(); at++) {
                String caller = component(leafFirst.get(at));
                if (caller != null && !caller.equals(CRYPTO)) {
                    found = caller.equals(TLS_RECORDS) ? TLS_RECORDS : CRYPTO; // crypto's own caller decides
                    break;
                }
            }
        }
        if (TLS_RECORDS.equals(found) && TransportFrames.handshake(leafFirst)) {
            return TLS_HANDSHAKE;
        }
        return found;
    }

    /**
     * Whether the frames from {@code from} outwards reach TLS's own code before another component, or before a hand-off
     * to the next handler that came after Netty code of its own: what the next handler does is its own, but the
     * hand-off itself (the pipeline walking from TLS to its neighbour) is there because TLS is.
     */
    private boolean calledByTls(List<String> leafFirst, int from) {
        boolean pipelineOnly = true;
        for (int i = from; i < leafFirst.size(); i++) {
            String frame = leafFirst.get(i);
            String c = component(frame);
            if (TransportFrames.handOff(frame)) {
                if (!pipelineOnly) {
                    return false;
                }
                continue;
            }
            if (c != null && !c.equals(NETWORK)) {
                return c.equals(TLS_RECORDS);
            }
            if (c != null) {
                pipelineOnly = false;
            }
        }
        return false;
    }

    /**
     * What a generator thread's stack ({@code leafFirst}, of {@code component}) counts as: its TLS and HTTP/2 apart,
     * and so Netty's pipeline where the run's TLS or HTTP/2 needs one (not the socket's own work); the rest (its
     * connections, parsing, scheduling, the socket) the generator's. Null: the generator's.
     * <p>
     * Only the run's own protocols: the generator's threads serve this run's connections alone (the previous run's
     * are closed on both sides before it ends), so a frame of another protocol is the JIT's debug information, not
     * work. Seen beside a CPU hog: an HTTP/1.1 run's sample read {@code Http1Session.complete → ConnectionPool.idle →
     * H2Stream.send → Http2Session.open}, a call that cannot happen there (the pool's call site, compiled during an
     * earlier HTTP/2 run, had both sessions' {@code send} inlined, and the sampled instruction took the other's frames).
     */
    String generatorComponent(String component, List<String> leafFirst) {
        boolean tlsWork = TLS_RECORDS.equals(component) || TLS_HANDSHAKE.equals(component);
        if (tlsWork && tls || HTTP2.equals(component) && h2) {
            return GENERATOR_PREFIX + component;
        }
        if (tlsWork || HTTP2.equals(component)) {
            return null;
        }
        String pipeline = generatorPipeline();
        if (pipeline != null && NETWORK.equals(component) && TransportFrames.generatorPipeline(leafFirst)) {
            return GENERATOR_PREFIX + pipeline;
        }
        return null;
    }

    static boolean idle(String leafFrame) {
        for (String f : IDLE_FRAMES) {
            if (leafFrame.startsWith(f)) {
                return true;
            }
        }
        return false;
    }

    private static List<Rule> rule(String component, String... patterns) {
        List<Rule> out = new ArrayList<>();
        for (String p : patterns) {
            out.add(new Rule(p, component));
        }
        return out;
    }

    @SafeVarargs
    private static List<Rule> rules(List<Rule>... groups) {
        List<Rule> out = new ArrayList<>();
        for (List<Rule> g : groups) {
            out.addAll(g);
        }
        return List.copyOf(out);
    }
}
