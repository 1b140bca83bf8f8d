package io.jwtbench.bench.runtime.stats;

/**
 * How hard the load generator itself worked during measurement, to tell when it (not the server)
 * was the limit: CPU of its event-loop threads and their share of the whole process' CPU; for the
 * open model how late requests left against the schedule and how long they waited for a connection.
 */
public record GeneratorStats(double cpuSeconds, double cpuShareOfProcess, int eventLoops, long lateStarts,
        double maxScheduleLagMs, double meanScheduleLagMs, double connectionWaitMs) {

    public GeneratorStats plus(GeneratorStats o) {
        double cpu = cpuSeconds + o.cpuSeconds;
        double process = share(cpuSeconds, cpuShareOfProcess) + share(o.cpuSeconds, o.cpuShareOfProcess);
        return new GeneratorStats(cpu, process == 0 ? 0 : cpu / process, eventLoops + o.eventLoops,
                lateStarts + o.lateStarts, Math.max(maxScheduleLagMs, o.maxScheduleLagMs),
                (meanScheduleLagMs + o.meanScheduleLagMs) / 2, connectionWaitMs + o.connectionWaitMs);
    }

    private static double share(double cpu, double ratio) {
        return ratio == 0 ? 0 : cpu / ratio;
    }
}
