package io.jwtbench.bench.runtime.engine.transport;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.HdrHistogram.ConcurrentHistogram;

/**
 * An HTTP/1.1 server whose latency is known, to check the generator against something it did not
 * compute: plain blocking sockets, a thread per connection (few connections: a thread each is the
 * simplest exact timing), every request answered {@code 200} with an empty body exactly
 * {@code delayNanos} after it arrived (parked, then spun to the deadline). Stalls live in
 * {@link TransportTest}'s event-loop server, which drains a backlog without a thread wake-up per answer.
 */
final class KnownServer implements AutoCloseable {
    private static final byte[] OK = "HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final long SPIN_NANOS = TimeUnit.MICROSECONDS.toNanos(200);

    private final ServerSocket socket;
    private final long delayNanos;
    /** The delay each answer actually got by the server's own clock (µs): more than asked on a starved machine. */
    private final ConcurrentHistogram given = new ConcurrentHistogram(1, 60_000_000, 3);

    KnownServer(long delayNanos) throws IOException {
        this.delayNanos = delayNanos;
        this.socket = new ServerSocket(0, 128, InetAddress.getLoopbackAddress());
        Thread.ofPlatform().daemon().name("known-server-accept").start(this::accept);
    }

    /** Median of the delays the server actually gave, in µs. */
    long givenP50Micros() {
        return given.getValueAtPercentile(50);
    }

    int port() {
        return socket.getLocalPort();
    }

    private void accept() {
        while (!socket.isClosed()) {
            try {
                Socket s = socket.accept();
                s.setTcpNoDelay(true);
                Thread.ofPlatform().daemon().name("known-server-conn").start(() -> serve(s));
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    /** Requests here carry no body: each ends at its blank line. */
    private void serve(Socket s) {
        try (s; InputStream in = new BufferedInputStream(s.getInputStream()); OutputStream out = s.getOutputStream()) {
            int matched = 0;
            for (int b; (b = in.read()) >= 0;) {
                matched = b == (matched % 2 == 0 ? '\r' : '\n') ? matched + 1 : (b == '\r' ? 1 : 0);
                if (matched == 4) {
                    matched = 0;
                    long arrived = System.nanoTime();
                    waitUntil(arrived + delayNanos);
                    out.write(OK);
                    out.flush();
                    given.recordValue(Math.max(1, (System.nanoTime() - arrived) / 1000));
                }
            }
        } catch (IOException e) {
            // the generator closed the connection
        }
    }

    private static void waitUntil(long deadline) {
        for (long left; (left = deadline - System.nanoTime()) > 0;) {
            if (left > SPIN_NANOS) {
                LockSupport.parkNanos(left - SPIN_NANOS);
            } else {
                Thread.onSpinWait();
            }
        }
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
