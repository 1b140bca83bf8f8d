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
