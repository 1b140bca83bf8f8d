package io.jwtbench.bench.runtime.ab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * What the machine is and what it is doing, as a check states it beside its verdict: the fingerprint (CPU
 * model, cores, JVM, kernel) that says whether two measurements came from the same kind of machine, and its
 * load (the load average, and on Linux the CPU pressure: the share of time some task waited for a CPU).
 */
public final class Machine {
    private Machine() {
    }

    /** CPU model, cores, JVM, kernel: equal on the same machine with the same JVM. */
    public static String fingerprint() {
        return cpuModel() + ", " + Runtime.getRuntime().availableProcessors() + " cores, " + System.getProperty("java.vm.name")
                + " " + Runtime.version() + ", " + System.getProperty("os.name") + " " + System.getProperty("os.version");
    }

    /** "load average 18.42, CPU pressure 99 % (last minute)"; what of it this system shows. */
    public static String load() {
        String load = firstLine(Path.of("/proc/loadavg"));
        String pressure = firstLine(Path.of("/proc/pressure/cpu"));
        StringBuilder s = new StringBuilder();
        if (load != null) {
            s.append("load average ").append(load.split(" ")[0]);
        }
        if (pressure != null) {
            for (String field : pressure.split(" ")) {
                if (field.startsWith("avg60=")) {
                    s.append(s.isEmpty() ? "" : ", ").append(String.format(Locale.ROOT, "CPU pressure %.0f %% (last minute)",
                            Double.parseDouble(field.substring(6))));
                }
            }
        }
        return s.isEmpty() ? "load not known here" : s.toString();
    }

    private static String cpuModel() {
        try {
            List<String> lines = Files.readAllLines(Path.of("/proc/cpuinfo"));
            for (String line : lines) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).strip();
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: the architecture is what can be said
        }
        return System.getProperty("os.arch");
    }

    private static String firstLine(Path file) {
        try {
            List<String> lines = Files.readAllLines(file);
            return lines.isEmpty() ? null : lines.get(0);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
