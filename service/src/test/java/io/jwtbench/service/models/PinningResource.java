package io.jwtbench.service.models;

import io.smallrye.common.annotation.Blocking;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * Test only: an endpoint that blocks while its virtual thread is pinned to the carrier.
 *
 * <p>What pins depends on the JDK. Up to JDK 23 a {@code synchronized} block around a blocking call
 * pins; JEP 491 (JDK 24) removed that, so on JDK 25 {@code synchronized (lock) { Thread.sleep(5); }}
 * no longer pins (checked: no {@code jdk.VirtualThreadPinned} event). Blocking inside a class
 * initializer still pins on every JDK so far (the VM runs {@code <clinit>} under a native frame).
 * So each request defines a fresh copy of {@link SlowInit} in a throw-away class loader and
 * initializes it; its static initializer sleeps 5 ms. Pinned on JDK 21 and 25 alike.
 */
@Path("/test/pin")
public class PinningResource {
    static final String SLOW = SlowInit.class.getName();
    static final byte[] SLOW_BYTES = bytes();

    /** Sleeps 5 ms in its static initializer. */
    public static final class SlowInit {
        static {
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @GET
    @Path("virtual")
    @RunOnVirtualThread
    public String virtual() {
        return initializeFreshCopy();
    }

    @GET
    @Path("worker")
    @Blocking
    public String worker() {
        return initializeFreshCopy();
    }

    /**
     * Its loader has no parent: {@link SlowInit}'s initializer resolves {@code java.lang.Thread} and
     * friends through the boot loader. Delegating to the application's class loader instead took that
     * loader's lock while pinned, and a pinned thread waiting for a lock whose owner waits for a
     * carrier deadlocks the whole virtual-thread scheduler (a compare then outlives its client's timeout:
     * {@code StarvedVirtualThreadsTest}).
     */
    static String initializeFreshCopy() {
        ClassLoader loader = new ClassLoader(null) {
            @Override
            protected Class<?> findClass(String name) throws ClassNotFoundException {
                if (!name.equals(SLOW)) {
                    throw new ClassNotFoundException(name);
                }
                return defineClass(name, SLOW_BYTES, 0, SLOW_BYTES.length);
            }
        };
        try {
            Class.forName(SLOW, true, loader);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
        return "ok";
    }

    private static byte[] bytes() {
        String resource = "/" + SLOW.replace('.', '/') + ".class";
        try (InputStream in = PinningResource.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("no " + resource);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
