import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.concurrent.locks.LockSupport;

/**
 * What one timed wake-up costs this machine in CPU: a thread parks for a fixed time again and again
 * (no I/O, no other thread), and its own CPU time is divided by the wake-ups. An open-model generator
 * that sends each request at its own microsecond needs one such wake-up per request whenever requests
 * are too far apart to spin between them; wrk2 needs one per millisecond (its timer's resolution).
 *
 * <p>Run: {@code java scripts/perf/TimedWake.java [seconds per row]}.
 */
public class TimedWake {
    public static void main(String[] args) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 1.5;
        for (long sleepMicros : new long[] { 150, 250, 1000, 150, 250, 1000 }) {
            long sleep = sleepMicros * 1000;
            int n = (int) (seconds * 1e9 / sleep);
            long cpu = threads.getCurrentThreadCpuTime();
            long wall = System.nanoTime();
            for (int i = 0; i < n; i++) {
                LockSupport.parkNanos(sleep);
            }
            cpu = threads.getCurrentThreadCpuTime() - cpu;
            wall = System.nanoTime() - wall;
            System.out.printf("timed wake-up: park %4d us, woke after %6.1f us, %5.1f us of CPU each%n", sleepMicros,
                    wall / 1e3 / n, cpu / 1e3 / n);
        }
    }
}
