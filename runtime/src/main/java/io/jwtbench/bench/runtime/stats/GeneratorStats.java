package io.jwtbench.bench.runtime.stats;

/**
 * How hard the load generator itself worked during measurement, to tell when it (not the server)
 * was the limit: CPU of its event-loop threads and their share of the whole process' CPU; for the
 * open model how late requests left against the schedule (mean, p50, p99, max) and how long they
 * waited for a connection. At the end of the measured window, {@code inFlightAtStop} requests were
 * still in flight and awaited (answered, or counted as timeouts), and {@code unsentAtStop} were due
 * but never sent (filed with their latency from the intended time to the window's close).
 */
public record GeneratorStats(double cpuSeconds, double cpuShareOfProcess, int eventLoops, long lateStarts,
        double maxScheduleLagMs, double meanScheduleLagMs, double connectionWaitMs, double scheduleLagP50Ms,
        double scheduleLagP99Ms, long inFlightAtStop, long unsentAtStop) {

    /** Without the lag distribution and stop counts (unknown: NaN and 0). */
    public GeneratorStats(double cpuSeconds, double cpuShareOfProcess, int eventLoops, long lateStarts,
            double maxScheduleLagMs, double meanScheduleLagMs, double connectionWaitMs) {
        this(cpuSeconds, cpuShareOfProcess, eventLoops, lateStarts, maxScheduleLagMs, meanScheduleLagMs,
                connectionWaitMs, Double.NaN, Double.NaN, 0, 0);
    }

    /** Percentiles of two generators do not combine: the merged ones are the larger (an upper bound). */
    public GeneratorStats plus(GeneratorStats o) {
        double cpu = cpuSeconds + o.cpuSeconds;
        double process = share(cpuSeconds, cpuShareOfProcess) + share(o.cpuSeconds, o.cpuShareOfProcess);
        return new GeneratorStats(cpu, process == 0 ? 0 : cpu / process, eventLoops + o.eventLoops,
                lateStarts + o.lateStarts, Math.max(maxScheduleLagMs, o.maxScheduleLagMs),
                (meanScheduleLagMs + o.meanScheduleLagMs) / 2, connectionWaitMs + o.connectionWaitMs,
                Math.max(scheduleLagP50Ms, o.scheduleLagP50Ms), Math.max(scheduleLagP99Ms, o.scheduleLagP99Ms),
                inFlightAtStop + o.inFlightAtStop, unsentAtStop + o.unsentAtStop);
    }

    private static double share(double cpu, double ratio) {
        return ratio == 0 ? 0 : cpu / ratio;
    }
}
