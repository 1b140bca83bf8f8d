package io.jwtbench.bench.runtime.jfr;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;

/**
 * The stack samples of a run's JFR stream, interned as they arrive: threads by slot, method frames by
 * id (named and matched against the {@link ComponentRules} once per method), distinct stacks by their
 * frames, each with the component its innermost named frame gives it and its sample count per thread.
 *
 * <p>Cheap on the stream's thread: JFR hands the same {@code RecordedStackTrace}, {@code RecordedMethod}
 * and {@code RecordedThread} objects for repeats within a chunk, so a repeated stack costs identity
 * look-ups. Touched by the stream's thread only, and read by {@link CpuProfile} after it stopped.
 */
final class StackSamples {
    /** Distinct stacks kept for the folded file; more are counted in their component but not kept (said in the section). */
    private static final int MAX_STACKS = 20_000;
    /** The identity caches hold per-chunk objects: dropped when this big (a new chunk brings new objects). */
    private static final int MAX_CACHED = 50_000;

    /** One sampled thread: its kind and, for platform threads, its id to read its CPU by. */
    static final class Slot {
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
    static final class Stack {
        final int[] frames;
        final int component;
        /** Where a generator thread's sample of this stack goes: its own TLS component, or -1 (the generator's). */
        final int generatorComponent;
        final boolean idle;
        long[] bySlot = new long[4];

        Stack(int[] frames, int component, int generatorComponent, boolean idle) {
            this.frames = frames;
            this.component = component;
            this.generatorComponent = generatorComponent;
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
    /** CPU-time samples (every sample is CPU); otherwise wall-clock samples, whose idle waits are left out. */
    private final boolean cpuTime;
    private final Map<RecordedMethod, Integer> methodIds = new IdentityHashMap<>();
    private final Map<RecordedStackTrace, Stack> traceCache = new IdentityHashMap<>();
    private final Map<RecordedThread, Integer> threadSlots = new IdentityHashMap<>();
    private final Map<Long, Integer> slotsById = new HashMap<>();
    final List<Slot> slots = new ArrayList<>();
    private final Map<String, Integer> frameIds = new HashMap<>();
    final List<String> frameNames = new ArrayList<>();
    /** Per frame id: the component its rule names, or -1. */
    final List<Integer> frameComponents = new ArrayList<>();
    private final Map<String, Integer> componentIds = new HashMap<>();
    final List<String> components = new ArrayList<>();
    final Map<FrameKey, Stack> stacks = new HashMap<>();
    /** Beyond MAX_STACKS: one frameless stack per component, so those samples still count where they belong. */
    final Map<Integer, Stack> unkept = new HashMap<>();
    /** The id of {@link ComponentRules#OTHER}: stacks no rule names. */
    final int other;
    long samples;
    long idleSamples;
    long noStack;
    long lost;
    long failed;
    final Map<String, Long> lostBy = new HashMap<>();

    record FrameKey(int[] frames) {
        @Override
        public boolean equals(Object o) {
            return o instanceof FrameKey k && Arrays.equals(frames, k.frames);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(frames);
        }
    }

    StackSamples(ComponentRules rules, boolean cpuTime) {
        this.rules = rules;
        this.cpuTime = cpuTime;
        this.other = componentId(ComponentRules.OTHER);
    }

    /** One JFR sample; {@code threadField} names the sampled thread ({@code eventThread} or {@code sampledThread}). */
    void on(RecordedEvent e, String threadField) {
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

    void lost(RecordedEvent e) {
        lost += e.getLong("lostSamples");
        RecordedThread t = e.getThread("eventThread");
        lostBy.merge(t == null ? "?" : String.valueOf(t.getJavaName()), e.getLong("lostSamples"), Long::sum);
    }

    private Stack stackOf(RecordedStackTrace trace) {
        Stack cached = traceCache.get(trace);
        if (cached != null) {
            return cached;
        }
        List<RecordedFrame> recorded = trace.getFrames();
        int[] frames = new int[recorded.size()];
        List<String> names = new ArrayList<>(frames.length);
        for (int i = 0; i < frames.length; i++) {
            frames[i] = frameId(recorded.get(i).getMethod());
            names.add(frameNames.get(frames[i]));
        }
        String named = rules.component(names);
        int component = named == null ? -1 : componentId(named);
        String ofGenerator = rules.generatorComponent(named, names);
        int generatorComponent = ofGenerator == null ? -1 : componentId(ofGenerator);
        boolean idle = !cpuTime && frames.length > 0 && ComponentRules.idle(frameNames.get(frames[0]));
        FrameKey key = new FrameKey(frames);
        Stack stack = stacks.get(key);
        if (stack == null) {
            int owner = component < 0 ? other : component;
            if (stacks.size() < MAX_STACKS) {
                stack = new Stack(frames, owner, generatorComponent, idle);
                stacks.put(key, stack);
            } else {
                stack = idle ? new Stack(frames, owner, generatorComponent, true)
                        : unkept.computeIfAbsent(owner, c -> new Stack(new int[0], c, generatorComponent, false));
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

    /** Every stack with samples, the unkept ones included. */
    List<Stack> all() {
        List<Stack> all = new ArrayList<>(stacks.values());
        all.addAll(unkept.values());
        return all;
    }

    /** Visits every kept stack and thread kind with samples: frames root first. */
    interface StackVisitor {
        void visit(ThreadKind kind, int[] rootFirst, long count);
    }

    void forEachStack(StackVisitor visitor) {
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

}
