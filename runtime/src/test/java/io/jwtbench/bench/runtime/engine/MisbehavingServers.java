package io.jwtbench.bench.runtime.engine;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * Servers that misbehave on purpose, on real loopback sockets: the run under test must end by its
 * deadline whatever they do.
 */
final class MisbehavingServers {
    private MisbehavingServers() {
    }

    /** A server under test: its port, and what to do to it during the run. */
    interface Server extends AutoCloseable {
        int port();

        /** Called once the run is sending. */
        default void duringRun() throws Exception {
        }

        @Override
        void close() throws Exception;
    }

    /** Accepts, reads every request, never answers. */
    static Server neverAnswers() throws IOException {
        return new SocketServer(in -> {
            in.transferTo(OutputStream.nullOutputStream());
            return null;
        });
    }

    /** Accepts and never reads a byte: the requests sit in the socket buffers. */
    static Server acceptsAndNeverReads() throws IOException {
        return new SocketServer(in -> {
            Thread.sleep(Long.MAX_VALUE);
            return null;
        });
    }

    /** Accepts and closes at once, every time. */
    static Server closesEveryConnection() throws IOException {
        return new SocketServer(in -> null);
    }

    /** Answers each request {@code delay} after it arrived (one request at a time per connection). */
    static Server answersAfter(Duration delay) throws IOException {
        byte[] ok = "HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok".getBytes(StandardCharsets.US_ASCII);
        return new SocketServer(in -> {
            byte[] buf = new byte[4096];
            int matched = 0;
            // one request per blank line: requests here carry no body
            for (int n; (n = in.read(buf)) > 0;) {
                for (int i = 0; i < n; i++) {
                    matched = buf[i] == "\r\n\r\n".charAt(matched) ? matched + 1 : (buf[i] == '\r' ? 1 : 0);
                    if (matched == 4) {
                        matched = 0;
                        Thread.sleep(delay.toMillis());
                        return ok; // the connection answers once, then keeps the socket open
                    }
                }
            }
            return null;
        });
    }

    /**
     * A real HTTP server in a process of its own (the JDK's {@code jwebserver}), stopped with SIGSTOP
     * once the run is sending and resumed (then killed) when closed.
     */
    static Server stoppedWithSigstop() throws Exception {
        return new StoppedProcess();
    }

    private interface Handler {
        /** Serves one connection's input; returns bytes to write once, or null. */
        byte[] serve(InputStream in) throws Exception;
    }

    private static final class SocketServer implements Server {
        private final ServerSocket socket;
        private final List<Socket> accepted = new CopyOnWriteArrayList<>();

        SocketServer(Handler handler) throws IOException {
            socket = new ServerSocket(0, 128, InetAddress.getLoopbackAddress());
            Thread.ofPlatform().daemon().name("misbehaving-accept").start(() -> {
                while (!socket.isClosed()) {
                    try {
                        Socket s = socket.accept();
                        accepted.add(s);
                        Thread.ofPlatform().daemon().name("misbehaving-conn").start(() -> {
                            try (s) {
                                byte[] answer = handler.serve(s.getInputStream());
                                if (answer != null) {
                                    s.getOutputStream().write(answer);
                                    s.getInputStream().transferTo(OutputStream.nullOutputStream());
                                }
                            } catch (Exception e) {
                                // closed under it: done
                            }
                        });
                    } catch (IOException e) {
                        return;
                    }
                }
            });
        }

        @Override
        public int port() {
            return socket.getLocalPort();
        }

        @Override
        public void close() throws IOException {
            socket.close();
            for (Socket s : accepted) {
                s.close();
            }
        }
    }

    private static final class StoppedProcess implements Server {
        private final Process process;
        private final int port;
        private final Path root;

        StoppedProcess() throws Exception {
            try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                port = free.getLocalPort();
            }
            root = Files.createTempDirectory("sigstop-server");
            Files.writeString(root.resolve("index.html"), "ok");
            Path java = Path.of(ProcessHandle.current().info().command().orElseThrow());
            Path jwebserver = java.resolveSibling("jwebserver");
            process = new ProcessBuilder(jwebserver.toString(), "-b", "127.0.0.1", "-p", String.valueOf(port), "-d",
                    root.toString(), "-o", "none").redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (true) { // until it answers a connect
                try (Socket s = new Socket()) {
                    s.connect(new InetSocketAddress("127.0.0.1", port), 200);
                    // one answer before the run: its first one (classes loading) can take longer than the run's lead
                    s.getOutputStream().write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
                            .getBytes(StandardCharsets.US_ASCII));
                    s.getInputStream().readAllBytes();
                    return;
                } catch (IOException notYet) {
                    if (System.nanoTime() > deadline || !process.isAlive()) {
                        process.destroyForcibly();
                        throw new IllegalStateException("jwebserver did not start on port " + port);
                    }
                    Thread.sleep(50);
                }
            }
        }

        @Override
        public int port() {
            return port;
        }

        @Override
        public void duringRun() throws Exception {
            signal("STOP");
        }

        private void signal(String name) throws Exception {
            new ProcessBuilder("kill", "-" + name, String.valueOf(process.pid())).inheritIO().start().waitFor();
        }

        @Override
        public void close() throws Exception {
            signal("CONT");
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            Files.deleteIfExists(root.resolve("index.html"));
            Files.deleteIfExists(root);
        }
    }
}
