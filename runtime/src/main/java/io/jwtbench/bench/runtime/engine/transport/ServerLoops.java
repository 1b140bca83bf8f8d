package io.jwtbench.bench.runtime.engine.transport;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Promise;

/**
 * The event loops of the application the bench loads, when it serves in this process. Once a connection's
 * close reached the server (its FIN came back), what the server still does for it (its close handlers) runs
 * on one of these loops in a task queued as it closed the socket: {@link #settle} waits until every loop has
 * run what was queued on it by then, and what that queued in turn.
 */
public final class ServerLoops {
    /** A server elsewhere, or none to wait for. */
    public static final ServerLoops NONE = new ServerLoops(null);
    /**
     * Hops through each loop's queue: the first runs after the loop's current work (a close in progress queues its
     * handlers' task before it ends), the next after that task, the last after what that task queued.
     */
    private static final int HOPS = 3;

    private final EventLoopGroup loops;

    private ServerLoops(EventLoopGroup loops) {
        this.loops = loops;
    }

    public static ServerLoops of(EventLoopGroup loops) {
        return new ServerLoops(loops);
    }

    /** Waits, until {@code deadlineNanos} (System.nanoTime) at most, for what every loop had queued; whether it ran. */
    boolean settle(long deadlineNanos) {
        if (loops == null) {
            return true;
        }
        List<Promise<Void>> settled = new ArrayList<>();
        try {
            for (EventExecutor loop : loops) {
                Promise<Void> done = loop.newPromise();
                hop(loop, HOPS, done);
                settled.add(done);
            }
        } catch (RejectedExecutionException e) {
            return false; // the application is shutting down
        }
        for (Promise<Void> done : settled) {
            long left = deadlineNanos - System.nanoTime();
            if (left <= 0 || !done.awaitUninterruptibly(left, TimeUnit.NANOSECONDS)) {
                return false;
            }
        }
        return true;
    }

    private static void hop(EventExecutor loop, int hops, Promise<Void> done) {
        loop.execute(() -> {
            if (hops == 1) {
                done.trySuccess(null);
            } else {
                hop(loop, hops - 1, done);
            }
        });
    }
}
