package io.jwtbench.bench.runtime.jfr;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.jwtbench.bench.runtime.observe.JavaThreadCpu;
import io.jwtbench.bench.runtime.observe.JvmThreadCpu;

/**
 * The Java threads' measured CPU spread over the samples: each platform thread's CPU over its own
 * samples (so samples a busy thread lost do not shift CPU to other threads), virtual threads and threads
 * that ended sharing what the Java threads used beyond the measured platform threads; then summed by
 * component (the generator's threads are the generator's whatever they ran) and by thread kind.
 *
 * @param nanos       CPU per component id; the last id is the load generator
 * @param samples     samples per component id and {@link ThreadKind} ordinal
 * @param leaves      per component id: samples by innermost frame id
 * @param otherStacks samples of the stacks no rule names, by their innermost frames (at most 4)
 * @param unsampled   platform threads that used CPU but got no sample: CPU by thread name
 */
record CpuAttribution(double[] nanos, long[][] samples, List<Map<Integer, Long>> leaves,
        Map<StackSamples.FrameKey, Long> otherStacks, Map<String, Long> unsampled) {

    /** The component id of the load generator's threads. */
    int generator() {
        return nanos.length - 1;
    }

    /**
     * @param javaNanos the Java threads' CPU over the window (the process's minus the JVM's own threads)
     * @param javaThreads each platform thread's CPU over the window, by thread id
     */
    static CpuAttribution of(StackSamples s, long javaNanos, Map<Long, JavaThreadCpu.Used> javaThreads) {
        Map<String, Long> unsampled = new LinkedHashMap<>();
        double[] weight = weights(s, javaNanos, javaThreads, unsampled);
        int n = s.components.size() + 1;
        int generatorId = n - 1;
        double[] nanos = new double[n];
        long[][] byKind = new long[n][ThreadKind.values().length];
        List<Map<Integer, Long>> leaves = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            leaves.add(new HashMap<>());
        }
        Map<StackSamples.FrameKey, Long> otherStacks = new HashMap<>();
        for (StackSamples.Stack stack : s.all()) {
            for (int slot = 0; slot < s.slots.size(); slot++) {
                long count = stack.count(slot);
                if (count == 0) {
                    continue;
                }
                ThreadKind k = s.slots.get(slot).kind;
                int c = k != ThreadKind.GENERATOR ? stack.component
                        : stack.generatorComponent >= 0 ? stack.generatorComponent : generatorId;
                nanos[c] += count * weight[slot];
                byKind[c][k.ordinal()] += count;
                if (stack.frames.length > 0) {
                    leaves.get(c).merge(stack.frames[0], count, Long::sum);
                }
                if (c == s.other && stack.frames.length > 0) {
                    otherStacks.merge(new StackSamples.FrameKey(Arrays.copyOf(stack.frames, Math.min(4, stack.frames.length))),
                            count, Long::sum);
                }
            }
        }
        return new CpuAttribution(nanos, byKind, leaves, otherStacks, unsampled);
    }

    /** CPU nanoseconds per sample of each thread slot; fills {@code unsampled}. */
    private static double[] weights(StackSamples s, long javaNanos, Map<Long, JavaThreadCpu.Used> javaThreads,
            Map<String, Long> unsampled) {
        long[] perSlot = new long[s.slots.size()];
        for (StackSamples.Stack stack : s.all()) {
            for (int i = 0; i < perSlot.length; i++) {
                perSlot[i] += stack.count(i);
            }
        }
        double[] w = new double[perSlot.length];
        long measured = 0;
        long unmeasuredSamples = 0;
        Set<Long> sampledIds = new HashSet<>();
        for (int i = 0; i < perSlot.length; i++) {
            StackSamples.Slot slot = s.slots.get(i);
            JavaThreadCpu.Used used = slot.virtual ? null : javaThreads.get(slot.javaId);
            sampledIds.add(slot.javaId);
            if (used != null && perSlot[i] > 0) {
                w[i] = used.nanos() / (double) perSlot[i];
                measured += used.nanos();
            } else {
                w[i] = -1;
                unmeasuredSamples += perSlot[i];
            }
        }
        javaThreads.forEach((id, used) -> {
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
}
