package io.jwtbench.bench.runtime.observe;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * CPU of the JVM's own native threads (GC, JIT compilers, JFR's recorder, the VM thread), which no
 * Java sampler sees: read from {@code /proc/self/task/<tid>/stat} (utime + stime, in the kernel's
 * USER_HZ ticks of 10 ms) at the start and the end of a window. Linux only; elsewhere
 * {@link #available()} is false and the kinds read 0.
 */
public final class JvmThreadCpu {
    /** Linux reports thread times in USER_HZ, 100 on every mainstream architecture. */
    private static final long NANOS_PER_TICK = 10_000_000L;
    private static final Path TASKS = Path.of("/proc/self/task");

    /** Kinds of native JVM threads, by the prefix of their (15-character) kernel name. */
    public enum Kind {
        GC("GC threads", "GC Thread", "G1 ", "ZWorker", "ZDirector", "ZDriver", "Shenandoah", "Parallel GC", "PSYoung",
                "Conc#"),
        JIT("JIT compiler threads", "C1 CompilerThre", "C2 CompilerThre", "JVMCI"),
        JFR("JFR recorder threads", "JFR Recorder", "JFR Periodic", "JFR Thread Samp", "JFR Sampler", "JFR CPU"),
        VM("other JVM threads", "VM Thread", "VM Periodic", "Monitor Deflati", "Service Thread", "Sweeper");

        public final String label;
        private final String[] prefixes;

        Kind(String label, String... prefixes) {
            this.label = label;
            this.prefixes = prefixes;
        }

        public static Kind of(String name) {
            for (Kind k : values()) {
                for (String p : k.prefixes) {
                    if (name.startsWith(p)) {
                        return k;
                    }
                }
            }
            return null;
        }
    }

    private final Map<String, Long> startTicks;

    private JvmThreadCpu(Map<String, Long> startTicks) {
        this.startTicks = startTicks;
    }

    /** Reads the JVM threads' CPU now. */
    public static JvmThreadCpu start() {
        return new JvmThreadCpu(read());
    }

    public boolean available() {
        return startTicks != null;
    }

    /** CPU nanoseconds each kind used since {@link #start()} (threads started since count whole). */
    public Map<Kind, Long> sinceStart() {
        Map<Kind, Long> out = new LinkedHashMap<>();
        for (Kind k : Kind.values()) {
            out.put(k, 0L);
        }
        Map<String, Long> now = read();
        if (now == null || startTicks == null) {
            return out;
        }
        now.forEach((key, ticks) -> {
            Kind kind = Kind.of(key.substring(key.indexOf(' ') + 1));
            if (kind != null) {
                out.merge(kind, Math.max(0, ticks - startTicks.getOrDefault(key, 0L)) * NANOS_PER_TICK, Long::sum);
            }
        });
        return out;
    }

    /** "tid name" → utime + stime ticks of every JVM-native thread; null without /proc. */
    private static Map<String, Long> read() {
        if (!Files.isDirectory(TASKS)) {
            return null;
        }
        Map<String, Long> out = new HashMap<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
            for (Path task : tasks) {
                String stat;
                try {
                    stat = Files.readString(task.resolve("stat"));
                } catch (IOException e) {
                    continue; // the thread ended meanwhile
                }
                // "tid (name) state ppid ..." : the name may hold spaces and parentheses, the last ')' ends it
                int open = stat.indexOf('(');
                int close = stat.lastIndexOf(')');
                if (open < 0 || close < open) {
                    continue;
                }
                String name = stat.substring(open + 1, close);
                if (Kind.of(name) == null) {
                    continue;
                }
                String[] fields = stat.substring(close + 2).split(" ");
                // fields[0] is the state (field 3); utime and stime are fields 14 and 15
                long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
                out.put(task.getFileName() + " " + name, ticks);
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return out;
    }
}
