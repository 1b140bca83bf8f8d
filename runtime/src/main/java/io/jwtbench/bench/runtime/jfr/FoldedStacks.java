package io.jwtbench.bench.runtime.jfr;

import java.util.List;

/**
 * A run's sampled stacks in the collapsed ("folded") format that flamegraph.pl and speedscope read:
 * one line per distinct stack, {@code threadKind;rootFrame;...;leafFrame count}. Kept as interned
 * frame ids (a few bytes per frame) and rendered on request.
 *
 * @param names frame names by id
 * @param stacks frame ids, root first (the first is the thread kind's name)
 * @param counts samples per stack
 */
public record FoldedStacks(List<String> names, List<int[]> stacks, List<Long> counts) {

    /**
     * The heap they hold, estimated as a 64-bit JVM lays the objects out: each frame name a String (24 bytes and its
     * characters), each stack an int array (16 and 4 a frame), each count a boxed Long, and the lists' references.
     */
    public long heapBytes() {
        long bytes = 64;
        for (String name : names) {
            bytes += 4 + 24 + ((16 + name.length() + 7) & ~7L);
        }
        for (int[] stack : stacks) {
            bytes += 4 + ((16 + 4L * stack.length + 7) & ~7L) + 4 + 24;
        }
        return bytes;
    }

    public String render() {
        StringBuilder out = new StringBuilder(stacks.size() * 256);
        for (int i = 0; i < stacks.size(); i++) {
            int[] frames = stacks.get(i);
            for (int f = 0; f < frames.length; f++) {
                if (f > 0) {
                    out.append(';');
                }
                out.append(names.get(frames[f]));
            }
            out.append(' ').append(counts.get(i)).append('\n');
        }
        return out.toString();
    }
}
