package io.jwtbench.bench.runtime.engine;

import java.util.ArrayList;
import java.util.List;

import io.jwtbench.bench.runtime.spi.RunContext;
import io.jwtbench.bench.runtime.spi.RunExtension;
import io.jwtbench.bench.runtime.spi.RunOutcome;

/**
 * The run's {@link RunExtension}s over its measured phase: begun just before it, ended once after it.
 * An extension that fails has its section say why; it never fails the run.
 */
final class Observations {
    static final Observations NONE = new Observations(List.of());

    private record Active(RunExtension extension, RunExtension.Observation observation) {
    }

    /** Where the sections go, by the extension's section name. */
    interface Sink {
        void section(String name, Object section);

        /** The extension {@code name} failed for {@code why}: its section says so, the run goes on. */
        void failed(String name, String why);
    }

    private final List<Active> active;
    private boolean ended;

    private Observations(List<Active> active) {
        this.active = active;
    }

    /** @param sink where an extension that cannot begin reports its error */
    static Observations begin(List<RunExtension> extensions, RunContext context, Sink sink) {
        List<Active> active = new ArrayList<>();
        for (RunExtension e : extensions) {
            try {
                active.add(new Active(e, e.begin(context)));
            } catch (RuntimeException ex) {
                sink.failed(e.section(), String.valueOf(ex.getMessage()));
            }
        }
        return new Observations(active);
    }

    /** Ends every observation, the first time only; each gives its section to {@code sink}. */
    void end(RunOutcome outcome, Sink sink) {
        if (ended) {
            return;
        }
        ended = true;
        for (Active a : active) {
            try {
                Object section = a.observation().end(outcome);
                if (section != null) {
                    sink.section(a.extension().section(), section);
                }
            } catch (RuntimeException ex) {
                sink.failed(a.extension().section(), String.valueOf(ex.getMessage()));
            }
        }
    }
}
