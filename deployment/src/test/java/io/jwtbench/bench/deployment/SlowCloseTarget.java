package io.jwtbench.bench.deployment;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import io.jwtbench.bench.runtime.spi.BenchRequest;
import io.jwtbench.bench.runtime.spi.BenchTarget;
import io.jwtbench.bench.runtime.spi.RequestSource;
import io.vertx.core.net.impl.ConnectionBase;
import io.vertx.ext.web.Router;

/**
 * A server of known cost at the end of a connection: GET /slow-close answers at once, and each connection that
 * carried it spends {@link #CLOSE_CPU_MS} ms of CPU on the server's event loop when it closes, in
 * {@link #closing}, a method no other code has, so a profile shows whether that work fell in its window.
 */
@ApplicationScoped
public class SlowCloseTarget implements BenchTarget {
    static final long CLOSE_CPU_MS = 100;
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final Set<ConnectionBase> CONNECTIONS = ConcurrentHashMap.newKeySet();

    void routes(@Observes Router router) {
        router.get("/slow-close").handler(rc -> {
            // the connection's close future, once per connection (the application's own close handler stays)
            ConnectionBase connection = (ConnectionBase) rc.request().connection();
            if (CONNECTIONS.add(connection)) {
                connection.closeFuture().onComplete(v -> {
                    CONNECTIONS.remove(connection);
                    closing();
                });
            }
            rc.response().end("ok");
        });
    }

    /** Burns {@link #CLOSE_CPU_MS} of this thread's CPU. */
    static void closing() {
        long until = THREADS.getCurrentThreadCpuTime() + CLOSE_CPU_MS * 1_000_000;
        long spins = 0;
        while (THREADS.getCurrentThreadCpuTime() < until) {
            spins++;
        }
        if (spins < 0) {
            throw new AssertionError(); // keeps the loop
        }
    }

    @Override
    public String name() {
        return "slow-close";
    }

    @Override
    public String description() {
        return "GET /slow-close; the server spends " + CLOSE_CPU_MS + " ms of CPU closing each connection";
    }

    @Override
    public RequestSource prepare(Map<String, Object> options) {
        return RequestSource.always(BenchRequest.get("/slow-close"), Map.of());
    }
}
