package io.jwtbench.bench.runtime.observe;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The kernel's TCP counters of this network namespace, as Linux keeps them in {@code /proc/net/netstat}
 * ({@code TcpExt}) and {@code /proc/net/snmp} ({@code Tcp}): what the 300-connection investigation
 * looked for by hand (accept-queue overflows, SYN retransmits, resets). One reading is a value;
 * {@link #since} gives what happened between two. Absent on other platforms.
 */
public record KernelNet(Map<String, Long> counters) {
    /** Report name, then the {@code Group:Counter} it comes from: the few that say a server is losing connections. */
    static final Map<String, String> WATCHED = watched();

    private static Map<String, String> watched() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("listenOverflows", "TcpExt:ListenOverflows"); // accept queue full: the SYN or the final ACK dropped
        m.put("listenDrops", "TcpExt:ListenDrops");
        m.put("synRetransmits", "TcpExt:TCPSynRetrans");
        m.put("retransmittedSegments", "Tcp:RetransSegs");
        m.put("resetsSent", "Tcp:OutRsts");
        m.put("establishedResets", "Tcp:EstabResets");
        m.put("failedConnectionAttempts", "Tcp:AttemptFails");
        m.put("connectionsOpened", "Tcp:ActiveOpens");
        m.put("connectionsAccepted", "Tcp:PassiveOpens");
        return m;
    }

    static final List<Path> SOURCES = List.of(Path.of("/proc/net/netstat"), Path.of("/proc/net/snmp"));

    /** The counters now; empty where the platform has no such files (or they cannot be read). */
    public static Optional<KernelNet> read() {
        return read(SOURCES);
    }

    static Optional<KernelNet> read(List<Path> files) {
        Map<String, Long> all = new HashMap<>();
        try {
            for (Path file : files) {
                if (!Files.isReadable(file)) {
                    return Optional.empty();
                }
                parse(Files.readAllLines(file), all);
            }
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        Map<String, Long> kept = new LinkedHashMap<>();
        WATCHED.forEach((name, key) -> {
            Long v = all.get(key);
            if (v != null) {
                kept.put(name, v);
            }
        });
        return Optional.of(new KernelNet(kept));
    }

    /**
     * {@code Group: name name ...} followed by {@code Group: value value ...}, as both files write them;
     * each value keyed {@code Group:name}.
     */
    static void parse(List<String> lines, Map<String, Long> into) {
        for (int i = 0; i + 1 < lines.size(); i++) {
            String[] names = lines.get(i).trim().split("\\s+");
            String[] values = lines.get(i + 1).trim().split("\\s+");
            if (names.length < 2 || !names[0].endsWith(":") || !names[0].equals(values[0])
                    || names.length != values.length || !Character.isLetter(names[1].charAt(0))) {
                continue;
            }
            String group = names[0].substring(0, names[0].length() - 1);
            for (int k = 1; k < names.length; k++) {
                try {
                    into.put(group + ":" + names[k], Long.parseLong(values[k]));
                } catch (NumberFormatException notACounter) {
                    // a value that is not a count (none today): skipped
                }
            }
            i++; // the values line is consumed
        }
    }

    /** What the counters rose by since {@code earlier}, by report name. */
    public Map<String, Long> since(KernelNet earlier) {
        Map<String, Long> m = new LinkedHashMap<>();
        counters.forEach((name, v) -> {
            Long before = earlier.counters.get(name);
            if (before != null) {
                m.put(name, v - before);
            }
        });
        return m;
    }
}
