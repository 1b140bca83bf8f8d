package io.jwtbench.bench.probe;

/**
 * Where {@link Phases} files a phase of the request being served, when a recording times requests.
 * The bench runtime installs one ({@link Phases#install}) that finds the request through its Vert.x
 * context; without it, every phase becomes a {@link PhaseEvent} of its own. Called on the thread that
 * serves the request, only while phases are recorded.
 */
public interface RequestPhases {
    /** Outside any timed request. */
    RequestPhases NONE = new RequestPhases() {
        @Override
        public boolean add(String phase, long nanos) {
            return false;
        }

        @Override
        public long unclaimedSinceStart() {
            return -1;
        }
    };

    /** Adds a phase to the current timed request; false when the current thread serves none. */
    boolean add(String phase, long nanos);

    /**
     * Nanoseconds since the current timed request arrived, minus the phases already recorded for it;
     * negative outside a timed request.
     */
    long unclaimedSinceStart();
}
