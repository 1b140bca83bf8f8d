package io.jwtbench.bench.runtime.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.jwtbench.bench.runtime.spi.RunContext;
import io.jwtbench.bench.runtime.spi.RunExtension;
import io.jwtbench.bench.runtime.spi.RunOutcome;

/**
 * The run's {@link RunExtension}s over its measured phase: begun just before it, ended once after it.
 * An extension that fails reports {@code {"error": ...}} as its section; it never fails the run.
 */
final class Observations {
    static final Observations NONE = new Observations(List.of());

    private record Active(RunExtension extension, RunExtension.Observation observation) {
    }

    private final List<Active> active;
    private boolean ended;

    private Observations(List<Active> active) {
        this.active = active;
    }

    /** @param sections where an extension that cannot begin reports its error */
    static Observations begin(List<RunExtension> extensions, RunContext context, Map<String, Object> sections) {
        List<Active> active = new ArrayList<>();
        for (RunExtension e : extensions) {
            try {
                active.add(new Active(e, e.begin(context)));
            } catch (RuntimeException ex) {
                sections.put(e.section(), error(ex));
            }
        }
        return new Observations(active);
    }

    /** Ends every observation, the first time only; each puts its section into {@code sections}. */
    void end(RunOutcome outcome, Map<String, Object> sections) {
        if (ended) {
            return;
        }
        ended = true;
        for (Active a : active) {
            try {
                Object section = a.observation().end(outcome);
                if (section != null) {
                    sections.put(a.extension().section(), section);
                }
            } catch (RuntimeException ex) {
                sections.put(a.extension().section(), error(ex));
            }
        }
    }

    private static Map<String, Object> error(RuntimeException ex) {
        return Map.of("error", String.valueOf(ex.getMessage()));
    }
}
