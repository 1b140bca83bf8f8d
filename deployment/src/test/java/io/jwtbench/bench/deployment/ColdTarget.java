package io.jwtbench.bench.deployment;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

import io.jwtbench.bench.runtime.spi.BenchRequest;
import io.jwtbench.bench.runtime.spi.BenchTarget;
import io.jwtbench.bench.runtime.spi.RequestSource;
import io.vertx.ext.web.Router;

/**
 * A path that never warms up: every request defines a fresh copy of {@link Fresh} in a new class
 * loader, as code generated per request (a template engine, a proxy per call) would. The JVM keeps
 * loading classes however long it runs, so no run of it is steady.
 */
@ApplicationScoped
public class ColdTarget implements BenchTarget {
    /** Requests answered, each one class defined. */
    static final AtomicLong DEFINED = new AtomicLong();
    private static final byte[] FRESH = bytes();

    /** The class defined again and again. */
    public static final class Fresh {
    }

    void routes(@Observes Router router) {
        router.get("/cold").handler(rc -> {
            Class<?> c = new OneClassLoader(ColdTarget.class.getClassLoader()).define();
            DEFINED.incrementAndGet();
            rc.response().end(c.getName());
        });
    }

    @Override
    public String name() {
        return "cold";
    }

    @Override
    public String description() {
        return "defines a new class on every request";
    }

    @Override
    public RequestSource prepare(Map<String, Object> options) {
        return RequestSource.always(BenchRequest.get("/cold"), Map.of("path", "/cold"));
    }

    private static byte[] bytes() {
        try (InputStream in = ColdTarget.class.getResourceAsStream("ColdTarget$Fresh.class")) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static final class OneClassLoader extends ClassLoader {
        OneClassLoader(ClassLoader parent) {
            super(parent);
        }

        Class<?> define() {
            return defineClass(Fresh.class.getName(), FRESH, 0, FRESH.length);
        }
    }
}
