package io.jwtbench.bench.runtime.jfr;

import io.jwtbench.bench.probe.RequestPhases;
import io.smallrye.common.vertx.VertxContext;
import io.vertx.core.Context;
import io.vertx.core.Vertx;

/**
 * The timing state of one request, kept in the request's duplicated Vert.x context while a recording
 * wants {@link ServerRequestEvent}s: when it started and how much of it named phases took. A request's
 * duplicated context runs its tasks one at a time, so plain fields are enough.
 */
final class RequestTiming {
    private static final Object KEY = RequestTiming.class;

    /** The probe's view of the current request's timing. */
    static final RequestPhases PHASES = new RequestPhases() {
        @Override
        public boolean add(String phase, long nanos) {
            RequestTiming timing = current();
            if (timing == null) {
                return false;
            }
            timing.add(phase, nanos);
            return true;
        }

        @Override
        public long unclaimedSinceStart() {
            RequestTiming timing = current();
            return timing == null ? -1 : System.nanoTime() - timing.startNanos - timing.phasesNanos;
        }
    };

    final long startNanos;
    final String path;
    long phasesNanos;
    int phases;
    final String[] names = new String[ServerRequestEvent.SLOTS];
    final long[] nanos = new long[ServerRequestEvent.SLOTS];
    int slots;
    /** Phases beyond the slots: in phasesNanos, not by name. */
    int overflow;

    RequestTiming(long startNanos, String path) {
        this.startNanos = startNanos;
        this.path = path;
    }

    void add(String phase, long time) {
        phasesNanos += time;
        phases++;
        for (int i = 0; i < slots; i++) {
            if (names[i].equals(phase)) {
                nanos[i] += time;
                return;
            }
        }
        if (slots < names.length) {
            names[slots] = phase;
            nanos[slots++] = time;
        } else {
            overflow++;
        }
    }

    /** The current request's timing, or null (not on a request's context, or not timed). */
    static RequestTiming current() {
        Context context = Vertx.currentContext();
        return context != null && VertxContext.isDuplicatedContext(context) ? context.getLocal(KEY) : null;
    }

    /** Binds this timing to the current request's duplicated context; false if there is none. */
    boolean bind() {
        Context context = Vertx.currentContext();
        if (context == null || !VertxContext.isDuplicatedContext(context)) {
            return false;
        }
        context.putLocal(KEY, this);
        return true;
    }

    static void unbind(Context context) {
        if (context != null) {
            context.removeLocal(KEY);
        }
    }
}
