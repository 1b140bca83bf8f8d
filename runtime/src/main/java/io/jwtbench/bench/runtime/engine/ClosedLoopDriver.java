package io.jwtbench.bench.runtime.engine;

import java.util.concurrent.atomic.AtomicLong;

import io.jwtbench.bench.runtime.spi.RequestSource;
import io.vertx.core.Context;

/**
 * Closed model, like wrk: each of N connections carries one request at a time and sends the next as
 * soon as the answer is in. Throughput is whatever the server allows; latency is measured from the
 * actual send (there is no schedule to be late against).
 */
final class ClosedLoopDriver implements LoadDriver {
    private final RequestSender sender;
    private final RequestSource source;
    private final Context[] eventLoops;
    private final int connections;
    private final AtomicLong sequence = new AtomicLong();
    private volatile boolean running;

    ClosedLoopDriver(RequestSender sender, RequestSource source, Context[] eventLoops, int connections) {
        this.sender = sender;
        this.source = source;
        this.eventLoops = eventLoops;
        this.connections = connections;
    }

    @Override
    public void start(long startNanos) {
        running = true;
        for (int i = 0; i < connections; i++) {
            Context loop = eventLoops[i % eventLoops.length];
            loop.runOnContext(v -> next(loop));
        }
    }

    private void next(Context loop) {
        if (!running) {
            return;
        }
        sender.send(source.next(sequence.getAndIncrement()), RequestSender.UNSCHEDULED, failed -> {
            if (failed) {
                // a failure may complete synchronously: go through the loop's queue, not the stack
                loop.runOnContext(v -> next(loop));
            } else {
                next(loop);
            }
        });
    }

    @Override
    public void stop() {
        running = false;
    }
}
