package io.jwtbench.bench.runtime.spi;

import java.util.Map;

/**
 * Something the bench can load: the application contributes targets as CDI beans (any scope); the
 * extension discovers all of them. A target only ever names paths of this application: the engine
 * sends to 127.0.0.1 on the app's own port, never to a caller-supplied host.
 */
public interface BenchTarget {

    /** Unique name used in run specs, e.g. {@code "health"} or {@code "jwt"}. */
    String name();

    /** One line shown to people choosing a target. */
    String description();

    /**
     * Validates the target-specific options (every field of the run spec the engine does not know)
     * and prepares the requests before the run starts. Runs on a worker thread, so it may be slow
     * (e.g. signing a pool of tokens).
     *
     * @throws BenchSpecException for bad options, unknown option names included
     */
    RequestSource prepare(Map<String, Object> options);

    /**
     * About how many bytes of heap {@link #prepare} and the requests it returns will hold for these
     * options, by the option that sizes them (e.g. {@code {"tokens": 350_000_000}}). Called before
     * {@code prepare()}, which is not called when the run would exceed the bench's memory budget
     * ({@code quarkus.bench.memory-budget}): the caller gets a 400 naming the largest contributor. It
     * must be cheap: it is also called while another run holds the bench, so that a bad option is a 400 then
     * too, not a 409. Default: nothing worth counting.
     *
     * @throws BenchSpecException for bad options, every one {@code prepare()} would refuse
     */
    default Map<String, Long> footprint(Map<String, Object> options) {
        return Map.of();
    }

    /**
     * Whether the paths of this target live on the management interface (its own port) rather than
     * on the main HTTP server. Only the built-in health target needs this.
     */
    default boolean onManagementInterface() {
        return false;
    }
}
