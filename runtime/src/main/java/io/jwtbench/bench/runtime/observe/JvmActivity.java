package io.jwtbench.bench.runtime.observe;

import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;

/**
 * What the JVM has done so far that a warm, steady process stops doing: JIT compile time, classes
 * loaded, garbage collections and the heap left after the last one. Read from the platform MXBeans,
 * which cost a few microseconds and need no JFR; the difference of two readings is the activity in
 * between. {@code compileMillis} is -1 when the JVM does not time its compiler.
 *
 * @param heapAfterGcBytes the sum over heap pools of the usage right after their last collection
 */
public record JvmActivity(long atNanos, long compileMillis, long classesLoaded, long gcCount, long heapAfterGcBytes) {

    public static JvmActivity now() {
        CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
        long compile = jit != null && jit.isCompilationTimeMonitoringSupported() ? jit.getTotalCompilationTime() : -1;
        long gcs = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            gcs += Math.max(0, gc.getCollectionCount());
        }
        long afterGc = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            MemoryUsage u = pool.getType() == MemoryType.HEAP ? pool.getCollectionUsage() : null;
            afterGc += u == null ? 0 : u.getUsed();
        }
        return new JvmActivity(System.nanoTime(), compile,
                ManagementFactory.getClassLoadingMXBean().getTotalLoadedClassCount(), gcs, afterGc);
    }

    /** Activity between {@code earlier} and this reading (the heap figure stays this reading's). */
    public JvmActivity since(JvmActivity earlier) {
        return new JvmActivity(atNanos - earlier.atNanos,
                compileMillis < 0 || earlier.compileMillis < 0 ? -1 : compileMillis - earlier.compileMillis,
                classesLoaded - earlier.classesLoaded, gcCount - earlier.gcCount, heapAfterGcBytes);
    }

    public double seconds() {
        return atNanos / 1e9;
    }
}
