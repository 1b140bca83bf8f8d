package io.jwtbench.bench.runtime.jfr;

import static io.jwtbench.bench.runtime.JsonMaps.map;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;

import io.jwtbench.bench.runtime.engine.transport.Generator;
import io.jwtbench.bench.runtime.observe.JavaThreadCpu;
import io.jwtbench.bench.runtime.observe.JvmThreadCpu;
import io.jwtbench.bench.runtime.spi.RunOutcome;

/**
 * The {@code profile} section: where the process's CPU went over the measured window, by component.
 * Each JFR sample's stack is attributed by {@link ComponentRules} (the innermost frame a rule names
 * decides; the generator's threads are the load generator whatever they run). CPU comes from clocks,
 * samples only say where it went: each platform thread's measured CPU ({@link JavaThreadCpu}) is
 * split over that thread's samples, so a busy thread that lost samples keeps its CPU; virtual threads
 * share the rest of the Java threads' CPU; the JVM's native threads (GC, JIT, JFR) are components of
 * their own ({@link JvmThreadCpu}); platform threads with CPU but no sample are "unsampled threads".
 *
 * <p>Cheap on the stream's thread: JFR hands the same {@code RecordedStackTrace}, {@code RecordedMethod}
 * and {@code RecordedThread} objects for repeats within a chunk, so a repeated stack costs identity
 * look-ups; frame names are built and matched against the rules once per method.
 */
final class CpuProfile {
    static final String CPU_TIME = "jdk.CPUTimeSample";
    static final String EXECUTION = "jdk.ExecutionSample";
    static final String NATIVE = "jdk.NativeMethodSample";
    /** One sample per this much thread CPU (CPU-time sampler), or per thread and period (wall-clock samplers). */
    static final long PERIOD_MS = 10;
    /** Distinct stacks kept for the folded file; more are counted in their component but not kept (said in the section). */
    private static final int MAX_STACKS = 20_000;
    /** The identity caches hold per-chunk objects: dropped when this big (a new chunk brings new objects). */
    private static final int MAX_CACHED = 50_000;
    private static final int TOP = 5;
    static final String UNSAMPLED = "unsampled threads";

    /** Who ran the sampled code. */
    enum ThreadKind {
        EVENT_LOOP("event loop"), WORKER("worker"), VIRTUAL("virtual thread"), CARRIER("virtual-thread carrier"),
        GENERATOR("generator"), OTHER("other thread");

        final String label;

        ThreadKind(String label) {
            this.label = label;
        }

        static ThreadKind of(RecordedThread t) {
            if (t == null) {
                return OTHER;
            }
            String name = t.getJavaName() == null ? "" : t.getJavaName();
            if (name.startsWith(Generator.GENERATOR_THREAD_PREFIX)) {
                return GENERATOR;
            }
            if (t.isVirtual()) {
                return VIRTUAL;
            }
            if (name.startsWith("vert.x-eventloop")) {
                return EVENT_LOOP;
            }
            if (name.startsWith("executor-thread") || name.startsWith("vert.x-worker")
                    || name.startsWith("vert.x-internal-blocking")) {
                return WORKER;
            }
            if (name.startsWith("ForkJoinPool-") || name.startsWith("ForkJoinPool.commonPool")) {
                return CARRIER;
            }
            return OTHER;
        }
    }

    /** One sampled thread: its kind and, for platform threads, its id to read its CPU by. */
    private static final class Slot {
        final long javaId;
        final String name;
        final ThreadKind kind;
        final boolean virtual;

        Slot(RecordedThread t) {
            javaId = t.getJavaThreadId();
            name = t.getJavaName() == null ? "?" : t.getJavaName();
            kind = ThreadKind.of(t);
            virtual = t.isVirtual();
        }
    }

    /** One distinct stack: its frames (innermost first), its component, its samples by thread slot. */
    private static final class Stack {
        final int[] frames;
        final int component;
        final boolean idle;
        long[] bySlot = new long[4];

        Stack(int[] frames, int component, boolean idle) {
            this.frames = frames;
            this.component = component;
            this.idle = idle;
        }

        void add(int slot) {
            if (slot >= bySlot.length) {
                bySlot = Arrays.copyOf(bySlot, Math.max(slot + 1, bySlot.length * 2));
            }
            bySlot[slot]++;
        }

        long count(int slot) {
            return slot < bySlot.length ? bySlot[slot] : 0;
        }
    }

    private final ComponentRules rules;
    private final boolean cpuTime;
    private final com.sun.management.OperatingSystemMXBean os = ManagementFactory
            .getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean s ? s : null;
    private final JvmThreadCpu jvmThreads = JvmThreadCpu.start();
    private final JavaThreadCpu javaThreads = JavaThreadCpu.start();
    private final long startCpu = processCpu();
    private long cpuNanos = -1;
    private Map<JvmThreadCpu.Kind, Long> jvmThreadNanos;
    private Map<Long, JavaThreadCpu.Used> javaThreadNanos;

    // interning, touched by the stream's thread only (and read after it stopped)
    private final Map<RecordedMethod, Integer> methodIds = new IdentityHashMap<>();
    private final Map<RecordedStackTrace, Stack> traceCache = new IdentityHashMap<>();
    private final Map<RecordedThread, Integer> threadSlots = new IdentityHashMap<>();
    private final Map<Long, Integer> slotsById = new HashMap<>();
    private final List<Slot> slots = new ArrayList<>();
    private final Map<String, Integer> frameIds = new HashMap<>();
    private final List<String> frameNames = new ArrayList<>();
    private final List<Integer> frameComponents = new ArrayList<>();
    private final Map<String, Integer> componentIds = new HashMap<>();
    private final List<String> components = new ArrayList<>();
    private final Map<FrameKey, Stack> stacks = new HashMap<>();
    /** Beyond MAX_STACKS: one frameless stack per component, so those samples still count where they belong. */
    private final Map<Integer, Stack> unkept = new HashMap<>();
    private final int other;
    private long samples;
    private long idleSamples;
    private long noStack;
    private long lost;
    private long failed;
    private final Map<String, Long> lostBy = new HashMap<>();

    private record FrameKey(int[] frames) {
        @Override
        public boolean equals(Object o) {
            return o instanceof FrameKey k && Arrays.equals(frames, k.frames);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(frames);
        }
    }

    CpuProfile(ComponentRules rules, boolean cpuTime) {
        this.rules = rules;
        this.cpuTime = cpuTime;
        this.other = componentId(ComponentRules.OTHER);
    }

    /** One JFR sample; {@code threadField} names the sampled thread ({@code eventThread} or {@code sampledThread}). */
    synchronized void on(RecordedEvent e, String threadField) {
        if (cpuTime && e.getBoolean("failed")) {
            failed++; // the JVM could not walk this thread's stack: its CPU is split by the thread's other samples
            return;
        }
        RecordedStackTrace trace = e.getStackTrace();
        RecordedThread thread = e.getThread(threadField);
        if (trace == null || thread == null) {
            noStack++;
            return;
        }
        Stack stack = stackOf(trace);
        if (stack.idle) {
            idleSamples++;
            return;
        }
        Integer slot = threadSlots.get(thread);
        if (slot == null) {
            slot = slotsById.computeIfAbsent(thread.getJavaThreadId(), id -> {
                slots.add(new Slot(thread));
                return slots.size() - 1;
            });
            threadSlots.put(thread, slot);
        }
        stack.add(slot);
        samples++;
    }

    synchronized void lost(RecordedEvent e) {
        lost += e.getLong("lostSamples");
        RecordedThread t = e.getThread("eventThread");
        lostBy.merge(t == null ? "?" : String.valueOf(t.getJavaName()), e.getLong("lostSamples"), Long::sum);
    }

    /** Ends the CPU window (with the stream). */
    synchronized void until() {
        long now = processCpu();
        cpuNanos = startCpu < 0 || now < 0 ? -1 : now - startCpu;
        jvmThreadNanos = jvmThreads.sinceStart();
        javaThreadNanos = javaThreads.sinceStart();
    }

    private long processCpu() {
        return os == null ? -1 : os.getProcessCpuTime();
    }

    private Stack stackOf(RecordedStackTrace trace) {
        Stack cached = traceCache.get(trace);
        if (cached != null) {
            return cached;
        }
        List<RecordedFrame> recorded = trace.getFrames();
        int[] frames = new int[recorded.size()];
        int component = -1;
        for (int i = 0; i < frames.length; i++) {
            frames[i] = frameId(recorded.get(i).getMethod());
            if (component < 0) {
                component = frameComponents.get(frames[i]);
            }
        }
        boolean idle = !cpuTime && frames.length > 0 && ComponentRules.idle(frameNames.get(frames[0]));
        FrameKey key = new FrameKey(frames);
        Stack stack = stacks.get(key);
        if (stack == null) {
            int owner = component < 0 ? other : component;
            if (stacks.size() < MAX_STACKS) {
                stack = new Stack(frames, owner, idle);
                stacks.put(key, stack);
            } else {
                stack = idle ? new Stack(frames, owner, true) : unkept.computeIfAbsent(owner, c -> new Stack(new int[0], c, false));
            }
        }
        if (traceCache.size() >= MAX_CACHED) {
            traceCache.clear();
        }
        traceCache.put(trace, stack);
        return stack;
    }

    private int frameId(RecordedMethod method) {
        Integer id = methodIds.get(method);
        if (id != null) {
            return id;
        }
        String name = method.getType().getName() + "." + method.getName();
        id = frameIds.get(name);
        if (id == null) {
            id = frameNames.size();
            frameNames.add(name);
            String component = rules.component(name);
            frameComponents.add(component == null ? -1 : componentId(component));
            frameIds.put(name, id);
        }
        if (methodIds.size() >= MAX_CACHED) {
            methodIds.clear();
        }
        methodIds.put(method, id);
        return id;
    }

    private int componentId(String name) {
        return componentIds.computeIfAbsent(name, n -> {
            components.add(n);
            return components.size() - 1;
        });
    }

    /**
     * CPU nanoseconds per sample of each thread slot: a platform thread's measured CPU over its samples
     * (so samples a busy thread lost do not shift CPU to other threads); virtual threads and threads
     * that ended share what the Java threads used beyond the measured platform threads. Also fills
     * {@code unsampled} with platform threads that used CPU but got no sample.
     */
    private double[] weights(long javaNanos, Map<String, Long> unsampled) {
        long[] perSlot = new long[slots.size()];
        for (Stack s : allStacks()) {
            for (int i = 0; i < perSlot.length; i++) {
                perSlot[i] += s.count(i);
            }
        }
        double[] w = new double[perSlot.length];
        long measured = 0;
        long unmeasuredSamples = 0;
        java.util.Set<Long> sampledIds = new java.util.HashSet<>();
        for (int i = 0; i < perSlot.length; i++) {
            Slot slot = slots.get(i);
            JavaThreadCpu.Used used = slot.virtual ? null : javaThreadNanos.get(slot.javaId);
            sampledIds.add(slot.javaId);
            if (used != null && perSlot[i] > 0) {
                w[i] = used.nanos() / (double) perSlot[i];
                measured += used.nanos();
            } else {
                w[i] = -1;
                unmeasuredSamples += perSlot[i];
            }
        }
        javaThreadNanos.forEach((id, used) -> {
            if (!sampledIds.contains(id) && used.nanos() > 0 && JvmThreadCpu.Kind.of(used.name()) == null) {
                unsampled.merge(used.name(), used.nanos(), Long::sum);
            }
        });
        long rest = javaNanos - measured - unsampled.values().stream().mapToLong(Long::longValue).sum();
        for (int i = 0; i < w.length; i++) {
            if (w[i] < 0) {
                w[i] = unmeasuredSamples == 0 ? 0 : Math.max(0, rest) / (double) unmeasuredSamples;
            }
        }
        return w;
    }

    /** The section, knowing the requests measured. */
    synchronized Map<String, Object> result(RunOutcome outcome) {
        long requests = outcome == null ? 0 : outcome.requests();
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("source", cpuTime ? CPU_TIME + " (one sample per " + PERIOD_MS + " ms of a thread's CPU)"
                : EXECUTION + " + " + NATIVE + " (every " + PERIOD_MS + " ms; native idle waits excluded)");
        if (cpuNanos < 0 || requests == 0) {
            m.put("error", cpuNanos < 0 ? "no process CPU time in this JVM" : "no requests measured");
            return m;
        }
        long jvmNanos = jvmThreadNanos.values().stream().mapToLong(Long::longValue).sum();
        long javaNanos = Math.max(0, cpuNanos - jvmNanos);
        Map<String, Long> unsampled = new LinkedHashMap<>();
        double[] weight = weights(javaNanos, unsampled);

        // CPU and samples per component (the generator's threads are the generator's), by thread kind; leaf methods
        int n = components.size() + 1;
        int generatorId = n - 1;
        double[] nanos = new double[n];
        long[][] byKind = new long[n][ThreadKind.values().length];
        List<Map<Integer, Long>> leaves = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            leaves.add(new HashMap<>());
        }
        Map<FrameKey, Long> otherStacks = new HashMap<>();
        for (Stack s : allStacks()) {
            for (int slot = 0; slot < slots.size(); slot++) {
                long count = s.count(slot);
                if (count == 0) {
                    continue;
                }
                ThreadKind k = slots.get(slot).kind;
                int c = k == ThreadKind.GENERATOR ? generatorId : s.component;
                nanos[c] += count * weight[slot];
                byKind[c][k.ordinal()] += count;
                if (s.frames.length > 0) {
                    leaves.get(c).merge(s.frames[0], count, Long::sum);
                }
                if (c == other && s.frames.length > 0) {
                    otherStacks.merge(new FrameKey(Arrays.copyOf(s.frames, Math.min(4, s.frames.length))), count, Long::sum);
                }
            }
        }
        List<Map<String, Object>> rows = new ArrayList<>();
        double perRequest = 1e-3 / requests; // ns → µs per request
        for (int c = 0; c < n; c++) {
            long count = Arrays.stream(byKind[c]).sum();
            if (count == 0) {
                continue;
            }
            Map<String, Object> kinds = new LinkedHashMap<>();
            for (ThreadKind k : ThreadKind.values()) {
                if (byKind[c][k.ordinal()] > 0) {
                    kinds.put(k.label, byKind[c][k.ordinal()]);
                }
            }
            Map<String, Object> row = row(c == generatorId ? ComponentRules.GENERATOR : components.get(c), count,
                    nanos[c], perRequest, kinds, top(leaves.get(c), count));
            if (c == other) {
                row.put("topStacks", topStacks(otherStacks, count));
            }
            rows.add(row);
        }
        jvmThreadNanos.forEach((kind, ns) -> {
            if (ns > 0) {
                rows.add(row(kind.label, 0, ns, perRequest, Map.of(), List.of()));
            }
        });
        long unsampledNanos = unsampled.values().stream().mapToLong(Long::longValue).sum();
        if (unsampledNanos > 0) {
            Map<String, Object> row = row(UNSAMPLED, 0, unsampledNanos, perRequest, Map.of(), List.of());
            Map<String, Object> names = new LinkedHashMap<>();
            unsampled.entrySet().stream().sorted((a, b) -> Long.compare(b.getValue(), a.getValue())).limit(TOP)
                    .forEach(e -> names.put(e.getKey(), Stat.ratio(e.getValue() / 1e9)));
            row.put("threadCpuSeconds", names);
            rows.add(row);
        }
        rows.sort((a, b) -> Double.compare(((Number) b.get("cpuUsPerRequest")).doubleValue(),
                ((Number) a.get("cpuUsPerRequest")).doubleValue()));
        double sum = rows.stream().mapToDouble(r -> ((Number) r.get("cpuUsPerRequest")).doubleValue()).sum();
        double unnamed = nanos[other] + unsampledNanos;
        m.put("requests", requests);
        m.put("processCpuSeconds", Stat.ratio(cpuNanos / 1e9));
        m.put("processCpuUsPerRequest", Stat.ratio(cpuNanos * perRequest));
        m.put("componentsCpuUsPerRequest", Stat.ratio(sum));
        m.put("namedShare", Stat.ratio(1 - unnamed / cpuNanos));
        m.put("samples", samples);
        // one CPU-time sample stands for PERIOD_MS of a thread's CPU: against the Java threads' measured CPU, the sampler's yield
        m.put("sampleYield", cpuTime && javaNanos > 0 ? Stat.ratio(samples * PERIOD_MS * 1e6 / javaNanos) : null);
        m.put("lostSamples", lost);
        m.put("failedSamples", failed);
        m.put("lostBy", lostBy);
        m.put("idleSamplesExcluded", idleSamples);
        m.put("samplesWithoutStack", noStack);
        m.put("jvmThreadsFromProc", jvmThreads.available());
        m.put("stacks", stacks.size());
        m.put("samplesOfStacksNotKept", unkept.values().stream().mapToLong(u -> Arrays.stream(u.bySlot).sum()).sum());
        m.put("components", rows);
        m.put("flame", flame());
        return m;
    }

    private static Map<String, Object> row(String component, long samples, double nanos, double perRequest,
            Map<String, Object> threads, List<Object> topMethods) {
        return map("component", component, "samples", samples, "cpuSeconds", Stat.ratio(nanos / 1e9),
                "cpuUsPerRequest", Stat.ratio(nanos * perRequest), "threads", threads, "topMethods", topMethods);
    }

    /** The icicle's tree: thread kinds, then frames root first; a frame is coloured by the component its rule names. */
    private Map<String, Object> flame() {
        FlameTree tree = new FlameTree();
        forEachStack((kind, rootFirst, count) -> {
            String[] names = new String[rootFirst.length + 1];
            String[] owners = new String[names.length];
            names[0] = "[" + kind.label + "]";
            for (int i = 0; i < rootFirst.length; i++) {
                names[i + 1] = frameNames.get(rootFirst[i]);
                int c = frameComponents.get(rootFirst[i]);
                owners[i + 1] = kind == ThreadKind.GENERATOR ? ComponentRules.GENERATOR : c < 0 ? null : components.get(c);
            }
            tree.add(names, owners, count);
        });
        return tree.toJson();
    }

    /** The kept stacks, folded: root first, the thread kind as the outermost frame. */
    synchronized FoldedStacks folded() {
        List<String> names = new ArrayList<>(frameNames);
        Map<ThreadKind, Integer> kindIds = new HashMap<>();
        for (ThreadKind k : ThreadKind.values()) {
            kindIds.put(k, names.size());
            names.add("[" + k.label.replace(' ', '_') + "]");
        }
        List<int[]> out = new ArrayList<>();
        List<Long> counts = new ArrayList<>();
        forEachStack((kind, rootFirst, count) -> {
            int[] line = new int[rootFirst.length + 1];
            line[0] = kindIds.get(kind);
            System.arraycopy(rootFirst, 0, line, 1, rootFirst.length);
            out.add(line);
            counts.add(count);
        });
        return new FoldedStacks(names, out, counts);
    }

    /** Visits every kept stack and thread kind with samples: frames root first. */
    interface StackVisitor {
        void visit(ThreadKind kind, int[] rootFirst, long count);
    }

    private void forEachStack(StackVisitor visitor) {
        for (Stack s : stacks.values()) {
            int[] rootFirst = new int[s.frames.length];
            for (int i = 0; i < rootFirst.length; i++) {
                rootFirst[i] = s.frames[s.frames.length - 1 - i];
            }
            long[] byKind = new long[ThreadKind.values().length];
            for (int slot = 0; slot < slots.size(); slot++) {
                byKind[slots.get(slot).kind.ordinal()] += s.count(slot);
            }
            for (ThreadKind k : ThreadKind.values()) {
                if (byKind[k.ordinal()] > 0) {
                    visitor.visit(k, rootFirst, byKind[k.ordinal()]);
                }
            }
        }
    }

    private List<Stack> allStacks() {
        List<Stack> all = new ArrayList<>(stacks.values());
        all.addAll(unkept.values());
        return all;
    }

    private List<Object> top(Map<Integer, Long> counts, long total) {
        List<Object> out = new ArrayList<>();
        counts.entrySet().stream().sorted((a, b) -> Long.compare(b.getValue(), a.getValue())).limit(TOP)
                .forEach(e -> out.add(map("method", frameNames.get(e.getKey()), "samples", e.getValue(), "shareOfComponent",
                        Stat.ratio(e.getValue() / (double) total))));
        return out;
    }

    /** The innermost frames of the unattributed stacks, so a user can see which rule to add. */
    private List<Object> topStacks(Map<FrameKey, Long> counts, long total) {
        List<Object> out = new ArrayList<>();
        counts.entrySet().stream().sorted((a, b) -> Long.compare(b.getValue(), a.getValue())).limit(10).forEach(e -> {
            List<String> frames = new ArrayList<>();
            for (int f : e.getKey().frames()) {
                frames.add(frameNames.get(f));
            }
            out.add(map("frames", frames, "samples", e.getValue(), "shareOfComponent",
                    Stat.ratio(e.getValue() / (double) total)));
        });
        return out;
    }
}
