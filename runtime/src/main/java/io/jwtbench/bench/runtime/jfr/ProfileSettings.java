package io.jwtbench.bench.runtime.jfr;

import java.time.Duration;

import jdk.jfr.FlightRecorder;
import jdk.jfr.consumer.RecordingStream;

/**
 * How a run's CPU profile samples: the rules and the sampler ({@code quarkus.bench.profile.*}).
 * {@code cpu-time} samples by a thread's CPU (native and kernel time included, idle threads never);
 * the wall-clock samplers see threads in Java and in native code, blocked waits included, which the
 * rules then drop as idle.
 */
record ProfileSettings(ComponentRules rules, String sampler) {

    /**
     * Enables the sampler's events on the run's stream and returns the profile they feed; the run's connections are
     * {@code tls} and speak {@code protocol} (what the generator's pipeline is for).
     */
    CpuProfile enable(RecordingStream stream, boolean tls, String protocol) {
        boolean cpuTime = switch (sampler) {
            case "cpu-time" -> true;
            case "execution" -> false;
            case "auto" -> hasCpuTimeSampler();
            default -> throw new IllegalArgumentException(
                    "quarkus.bench.profile.sampler: \"" + sampler + "\" is not auto, cpu-time or execution");
        };
        CpuProfile profile = new CpuProfile(rules.forRun(tls, protocol), cpuTime);
        Duration period = Duration.ofMillis(CpuProfile.PERIOD_MS);
        if (cpuTime) {
            stream.enable(CpuProfile.CPU_TIME).with("throttle", period.toMillis() + "ms").withStackTrace();
            stream.enable("jdk.CPUTimeSamplesLost");
            stream.onEvent(CpuProfile.CPU_TIME, e -> profile.on(e, "eventThread"));
            stream.onEvent("jdk.CPUTimeSamplesLost", profile::lost);
        } else {
            stream.enable(CpuProfile.EXECUTION).withPeriod(period).withStackTrace();
            stream.enable(CpuProfile.NATIVE).withPeriod(period).withStackTrace();
            stream.onEvent(CpuProfile.EXECUTION, e -> profile.on(e, "sampledThread"));
            stream.onEvent(CpuProfile.NATIVE, e -> profile.on(e, "sampledThread"));
        }
        return profile;
    }

    private static boolean hasCpuTimeSampler() {
        return System.getProperty("os.name", "").startsWith("Linux") && FlightRecorder.getFlightRecorder()
                .getEventTypes().stream().anyMatch(t -> t.getName().equals(CpuProfile.CPU_TIME));
    }
}
