package io.jwtbench.bench.runtime.jfr;

import java.lang.management.ManagementFactory;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jdk.jfr.consumer.RecordedEvent;

import com.sun.management.HotSpotDiagnosticMXBean;

import io.jwtbench.bench.runtime.observe.JavaThreadCpu;
import io.jwtbench.bench.runtime.observe.JvmThreadCpu;
import io.jwtbench.bench.runtime.spi.RunOutcome;
import io.jwtbench.bench.runtime.stats.Profile;

/**
 * The {@code profile} section: where the process's CPU went over the measured window, by component.
 * CPU comes from clocks, samples only say where it went: the {@link StackSamples} of the run's JFR
 * stream give each sample's component (by {@link ComponentRules}), {@link CpuAttribution} spreads each
 * thread's measured CPU ({@link JavaThreadCpu}) over them; the JVM's native threads (GC, JIT, JFR) are
 * components of their own ({@link JvmThreadCpu}); platform threads with CPU but no sample are
 * "unsampled threads". Also the flame tree and the folded stacks of the same samples.
 */
final class CpuProfile {
    static final String CPU_TIME = "jdk.CPUTimeSample";
    static final String EXECUTION = "jdk.ExecutionSample";
    static final String NATIVE = "jdk.NativeMethodSample";
    /** One sample per this much thread CPU (CPU-time sampler), or per thread and period (wall-clock samplers). */
    static final long PERIOD_MS = 10;
    private static final int TOP = 5;
    /**
     * Whether a sample in inlined code is named by its own frames: the JIT records debug information at safepoints
     * only unless {@code -XX:+DebugNonSafepoints} (a diagnostic flag, unreadable unless unlocked) asks for it at every
     * instruction, and the stack walk takes the nearest record's frames otherwise, which may be another method's.
     */
    static final boolean INLINED_FRAMES_EXACT = debugNonSafepoints();
    static final String UNSAMPLED = "unsampled threads";

    private final boolean cpuTime;
    private final StackSamples samples;
    private final com.sun.management.OperatingSystemMXBean os = ManagementFactory
            .getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean s ? s : null;
    private final JvmThreadCpu jvmThreads = JvmThreadCpu.start();
    private final JavaThreadCpu javaThreads = JavaThreadCpu.start();
    private final long startCpu = processCpu();
    /**
     * The window the clocks above measure, on the wall clock JFR stamps its events with (epoch ns). A sample is
     * stamped when it is taken but may reach the stream later (the CPU-time sampler walks stacks in a signal handler
     * and commits them from its own thread), so the previous run's last samples can arrive in this run's stream, and
     * this run's last ones after its clocks stopped: either would be CPU the clocks did not count, named by stacks
     * of another window. Counted apart instead.
     */
    private final long fromEpochNanos = epochNanos(Instant.now());
    private long untilEpochNanos = Long.MAX_VALUE;
    private long outsideWindow;
    private long cpuNanos = -1;
    private Map<JvmThreadCpu.Kind, Long> jvmThreadNanos;
    private Map<Long, JavaThreadCpu.Used> javaThreadNanos;

    CpuProfile(ComponentRules rules, boolean cpuTime) {
        this.cpuTime = cpuTime;
        this.samples = new StackSamples(rules, cpuTime);
    }

    /** One JFR sample; {@code threadField} names the sampled thread ({@code eventThread} or {@code sampledThread}). */
    synchronized void on(RecordedEvent e, String threadField) {
        long takenAt = epochNanos(e.getStartTime());
        if (takenAt < fromEpochNanos || takenAt > untilEpochNanos) {
            outsideWindow++;
            return;
        }
        samples.on(e, threadField);
    }

    private static long epochNanos(Instant t) {
        return t.getEpochSecond() * 1_000_000_000L + t.getNano();
    }

    synchronized void lost(RecordedEvent e) {
        samples.lost(e);
    }

    /** Ends the CPU window (with the stream). */
    synchronized void until() {
        long now = processCpu();
        untilEpochNanos = epochNanos(Instant.now());
        cpuNanos = startCpu < 0 || now < 0 ? -1 : now - startCpu;
        jvmThreadNanos = jvmThreads.sinceStart();
        javaThreadNanos = javaThreads.sinceStart();
    }

    private static boolean debugNonSafepoints() {
        try {
            return Boolean.parseBoolean(ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                    .getVMOption("DebugNonSafepoints").getValue());
        } catch (IllegalArgumentException | NullPointerException e) {
            return false; // not unlocked, or not HotSpot
        }
    }

    private long processCpu() {
        return os == null ? -1 : os.getProcessCpuTime();
    }

    /** The section, knowing the requests measured. */
    synchronized Profile result(RunOutcome outcome) {
        long requests = outcome == null ? 0 : outcome.requests();
        String source = cpuTime ? CPU_TIME + " (one sample per " + PERIOD_MS + " ms of a thread's CPU)"
                : EXECUTION + " + " + NATIVE + " (every " + PERIOD_MS + " ms; native idle waits excluded)";
        if (cpuNanos < 0 || requests == 0) {
            return Profile.failed(source, cpuNanos < 0 ? "no process CPU time in this JVM" : "no requests measured");
        }
        long jvmNanos = jvmThreadNanos.values().stream().mapToLong(Long::longValue).sum();
        long javaNanos = Math.max(0, cpuNanos - jvmNanos);
        CpuAttribution a = CpuAttribution.of(samples, javaNanos, javaThreadNanos);

        List<Profile.Component> rows = new ArrayList<>();
        double perRequest = 1e-3 / requests; // ns → µs per request
        for (int c = 0; c < a.nanos().length; c++) {
            long count = Arrays.stream(a.samples()[c]).sum();
            if (count == 0) {
                continue;
            }
            Map<String, Long> kinds = new LinkedHashMap<>();
            for (ThreadKind k : ThreadKind.values()) {
                if (a.samples()[c][k.ordinal()] > 0) {
                    kinds.put(k.label, a.samples()[c][k.ordinal()]);
                }
            }
            rows.add(row(c == a.generator() ? ComponentRules.GENERATOR : samples.components.get(c), count, a.nanos()[c],
                    perRequest, kinds, top(a.leaves().get(c), count),
                    c == samples.other ? topStacks(a.otherStacks(), count) : null, null));
        }
        jvmThreadNanos.forEach((kind, ns) -> {
            if (ns > 0) {
                rows.add(row(kind.label, 0, ns, perRequest, Map.of(), List.of(), null, null));
            }
        });
        long unsampledNanos = a.unsampled().values().stream().mapToLong(Long::longValue).sum();
        if (unsampledNanos > 0) {
            Map<String, Double> names = new LinkedHashMap<>();
            a.unsampled().entrySet().stream().sorted((x, y) -> Long.compare(y.getValue(), x.getValue())).limit(TOP)
                    .forEach(e -> names.put(e.getKey(), Stat.share(e.getValue() / 1e9)));
            rows.add(row(UNSAMPLED, 0, unsampledNanos, perRequest, Map.of(), List.of(), null, names));
        }
        rows.sort((x, y) -> Double.compare(y.usPerRequest(), x.usPerRequest()));
        double sum = rows.stream().mapToDouble(Profile.Component::usPerRequest).sum();
        double unnamed = a.nanos()[samples.other] + unsampledNanos;
        return new Profile(source, null, requests, Stat.share(cpuNanos / 1e9), Stat.share(cpuNanos * perRequest),
                Stat.share(sum), Stat.share(1 - unnamed / cpuNanos), samples.samples,
                // one CPU-time sample stands for PERIOD_MS of a thread's CPU: against the Java threads' measured CPU, the sampler's yield
                cpuTime && javaNanos > 0 ? Stat.share(samples.samples * PERIOD_MS * 1e6 / javaNanos) : null,
                samples.lost, samples.failed, Map.copyOf(samples.lostBy), samples.idleSamples, samples.noStack,
                outsideWindow, jvmThreads.available(), INLINED_FRAMES_EXACT, samples.stacks.size(),
                samples.unkept.values().stream().mapToLong(u -> Arrays.stream(u.bySlot).sum()).sum(), rows, flame());
    }

    private static Profile.Component row(String component, long samples, double nanos, double perRequest,
            Map<String, Long> threads, List<Profile.Method> topMethods, List<Profile.Frames> topStacks,
            Map<String, Double> threadCpuSeconds) {
        return new Profile.Component(component, samples, Stat.share(nanos / 1e9), Stat.share(nanos * perRequest), threads,
                topMethods, topStacks, threadCpuSeconds);
    }

    /** The icicle's tree: thread kinds, then frames root first; a frame is coloured by the component its rule names. */
    private Profile.Flame flame() {
        FlameTree tree = new FlameTree();
        samples.forEachStack((kind, rootFirst, count) -> {
            String[] names = new String[rootFirst.length + 1];
            String[] owners = new String[names.length];
            names[0] = "[" + kind.label + "]";
            for (int i = 0; i < rootFirst.length; i++) {
                names[i + 1] = samples.frameNames.get(rootFirst[i]);
                int c = samples.frameComponents.get(rootFirst[i]);
                owners[i + 1] = kind == ThreadKind.GENERATOR ? ComponentRules.GENERATOR : c < 0 ? null : samples.components.get(c);
            }
            tree.add(names, owners, count);
        });
        return tree.result();
    }

    /** The kept stacks, folded: root first, the thread kind as the outermost frame. */
    synchronized FoldedStacks folded() {
        List<String> names = new ArrayList<>(samples.frameNames);
        Map<ThreadKind, Integer> kindIds = new HashMap<>();
        for (ThreadKind k : ThreadKind.values()) {
            kindIds.put(k, names.size());
            names.add("[" + k.label.replace(' ', '_') + "]");
        }
        List<int[]> out = new ArrayList<>();
        List<Long> counts = new ArrayList<>();
        samples.forEachStack((kind, rootFirst, count) -> {
            int[] line = new int[rootFirst.length + 1];
            line[0] = kindIds.get(kind);
            System.arraycopy(rootFirst, 0, line, 1, rootFirst.length);
            out.add(line);
            counts.add(count);
        });
        return new FoldedStacks(names, out, counts);
    }

    private List<Profile.Method> top(Map<Integer, Long> counts, long total) {
        return counts.entrySet().stream().sorted((a, b) -> Long.compare(b.getValue(), a.getValue())).limit(TOP)
                .map(e -> new Profile.Method(samples.frameNames.get(e.getKey()), e.getValue(),
                        Stat.share(e.getValue() / (double) total)))
                .toList();
    }

    /** The innermost frames of the unattributed stacks, so a user can see which rule to add. */
    private List<Profile.Frames> topStacks(Map<StackSamples.FrameKey, Long> counts, long total) {
        return counts.entrySet().stream().sorted((a, b) -> Long.compare(b.getValue(), a.getValue())).limit(10)
                .map(e -> new Profile.Frames(Arrays.stream(e.getKey().frames()).mapToObj(samples.frameNames::get).toList(),
                        e.getValue(), Stat.share(e.getValue() / (double) total)))
                .toList();
    }
}
