package io.jwtbench.bench.runtime.stats;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A run report's {@code profile} section: where the process's CPU went over the measured window, by
 * component ({@code jfr/CpuProfile} measures it). A typed value from the producer to every renderer;
 * its component names are the section's JSON keys, so the one codec in {@code report/} writes and reads
 * it without a second description. Absent figures (a profile that measured nothing has only
 * {@code source} and {@code error}) are left out of the JSON.
 *
 * @param sampleYield for the CPU-time sampler: samples × period over the Java threads' measured CPU
 * @param lostBy      samples JFR lost, by the thread that lost them
 * @param samplesOutsideWindow samples taken before the measured window opened or after it closed, that reached the
 *                    run's stream anyway (the previous run's last ones, this run's after its clocks stopped): left out
 * @param inlinedFramesExact whether the JIT kept debug information at every instruction ({@code -XX:+DebugNonSafepoints}):
 *                    without it a sample in inlined code is named by the nearest safepoint's frames, maybe another method's
 * @param stacks      distinct stacks kept for the folded file and the flame
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Profile(String source, String error, Long requests, Double processCpuSeconds,
        Double processCpuUsPerRequest, Double componentsCpuUsPerRequest, Double namedShare, Long samples,
        Double sampleYield, Long lostSamples, Long failedSamples, Map<String, Long> lostBy, Long idleSamplesExcluded,
        Long samplesWithoutStack, Long samplesOutsideWindow, Boolean jvmThreadsFromProc, Boolean inlinedFramesExact, Integer stacks, Long samplesOfStacksNotKept,
        List<Component> components, Flame flame) {

    /** The section's name in a run report. */
    public static final String SECTION = "profile";

    /** A profile that could not be measured, and why. */
    public static Profile failed(String source, String error) {
        return new Profile(source, error, null, null, null, null, null, null, null, null, null, null, null, null, null,
                null, null, null, null, null, null);
    }

    /**
     * One component: its CPU and, for sampled ones, its samples by thread kind and hottest methods.
     *
     * @param component        the component's name
     * @param threads          samples by thread kind ("event loop", "worker", ...)
     * @param topMethods       the innermost frames with the most samples
     * @param topStacks        for the component no rule names: its most sampled innermost frames, to write a rule from
     * @param threadCpuSeconds for the unsampled threads: CPU by thread name
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Component(String component, long samples, Double cpuSeconds, Double cpuUsPerRequest,
            Map<String, Long> threads, List<Method> topMethods, List<Frames> topStacks, Map<String, Double> threadCpuSeconds) {
        /** {@code cpuUsPerRequest}, 0 when unknown. */
        public double usPerRequest() {
            return cpuUsPerRequest == null ? 0 : cpuUsPerRequest;
        }
    }

    /** A method (innermost frame) of a component. */
    public record Method(String method, long samples, Double shareOfComponent) {
    }

    /** The innermost frames of a stack no rule names. */
    public record Frames(List<String> frames, long samples, Double shareOfComponent) {
    }

    /**
     * The sampled call tree for the icicle, pruned.
     *
     * @param minShare nodes below this share of all samples are left out
     * @param maxDepth frames deeper than this are left out
     */
    public record Flame(double minShare, int maxDepth, Node root) {
    }

    /** A node of the call tree: a frame, its samples (itself and below), the component its rule names (or null). */
    public record Node(String name, long samples, String component, List<Node> children) {
    }

    /** CPU µs per request of a component; 0 when the profile has none. A scan: for one name, not for every name. */
    public double usPerRequest(String name) {
        return components == null ? 0 : components.stream().filter(c -> c.component().equals(name))
                .mapToDouble(Component::usPerRequest).findFirst().orElse(0);
    }

    /**
     * CPU µs per request by component name, in the profile's order (a name listed twice counts once, its first
     * row): one pass, so that holding two profiles against each other costs as much as reading them.
     */
    public Map<String, Double> usPerRequestByComponent() {
        Map<String, Double> byName = new LinkedHashMap<>();
        if (components != null) {
            components.forEach(c -> byName.putIfAbsent(c.component(), c.usPerRequest()));
        }
        return byName;
    }

    /** Whether it measured something (components to show). */
    public boolean measured() {
        return components != null;
    }
}
