package io.jwtbench.bench.deployment;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.junit.jupiter.api.Assumptions;

/**
 * The kernel's own list of this network namespace's TCP sockets ({@code /proc/net/tcp}, {@code tcp6}): what the
 * bench did not compute, to check that a run's connections are closed on both sides.
 */
final class Sockets {
    /** The states of a socket whose side of the connection has not closed yet, and one still waiting for the peer's FIN. */
    private static final Map<String, String> SERVER_OPEN = Map.of("01", "ESTABLISHED", "08", "CLOSE_WAIT");
    private static final Map<String, String> CLIENT_WAITING = Map.of("01", "ESTABLISHED", "04", "FIN_WAIT1", "05", "FIN_WAIT2");

    private Sockets() {
    }

    /**
     * The connections to the server's {@code port} not yet closed: the server's sockets on it that are open or
     * have not answered a close, and the clients' sockets to it that wait for the server's FIN.
     */
    static List<String> stillOpen(int port) {
        List<String> open = new ArrayList<>();
        String hexPort = String.format(Locale.ROOT, ":%04X", port);
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            Path file = Path.of(table);
            Assumptions.assumeTrue(Files.isReadable(file), "the kernel's socket table " + table);
            try {
                List<String> lines = Files.readAllLines(file);
                for (String line : lines.subList(1, lines.size())) {
                    String[] f = line.trim().split("\\s+");
                    String local = f[1];
                    String remote = f[2];
                    String state = f[3];
                    if (local.endsWith(hexPort) && SERVER_OPEN.containsKey(state)) {
                        open.add("server " + local + " <- " + remote + " " + SERVER_OPEN.get(state));
                    } else if (remote.endsWith(hexPort) && CLIENT_WAITING.containsKey(state)) {
                        open.add("client " + local + " -> " + remote + " " + CLIENT_WAITING.get(state));
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return open;
    }
}
