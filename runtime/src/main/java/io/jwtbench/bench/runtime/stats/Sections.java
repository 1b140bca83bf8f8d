package io.jwtbench.bench.runtime.stats;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A run report's built-in sections, typed, each from one producer; absent where the run has none.
 * Sections of the application's own run extensions stay in {@link RunReport#extensions()}. Immutable:
 * {@link #with} and {@link #failing} return a copy.
 *
 * <p>{@link #KINDS} is the one list of them: this class, the JSON codec ({@code codec/RunReportJson}, both
 * ways) and the OpenAPI document ({@code BenchOpenApiFilter}) iterate it. A new section is its record (a
 * {@code SECTION} name, components named as its JSON keys) and one line there.
 */
public final class Sections {
    /**
     * One built-in section.
     *
     * @param name its key in the report's JSON
     * @param type the record it is
     * @param judgement whether it judges the run once it ended (listed after the application's sections) rather
     *        than measures it
     */
    public record Kind<T>(String name, Class<T> type, boolean judgement) {
        static <T> Kind<T> measured(String name, Class<T> type) {
            return new Kind<>(name, type, false);
        }

        static <T> Kind<T> judged(String name, Class<T> type) {
            return new Kind<>(name, type, true);
        }
    }

    /** Every built-in section, in the report's order. */
    public static final List<Kind<?>> KINDS = List.of(
            Kind.measured(Jvm.SECTION, Jvm.class),
            Kind.measured(Profile.SECTION, Profile.class),
            Kind.measured(Breakdown.SECTION, Breakdown.class),
            Kind.measured(Kernel.SECTION, Kernel.class),
            Kind.measured(TransportFacts.SECTION, TransportFacts.class),
            Kind.judged(Steadiness.SECTION, Steadiness.class),
            Kind.judged(Regression.SECTION, Regression.class),
            Kind.judged(Verdict.SECTION, Verdict.class));

    public static final Sections NONE = new Sections(null, null, Map.of(), Map.of());

    private final Instant startAt;
    private final String trigger;
    /** The sections the run has, by {@link Kind#name}. */
    private final Map<String, Object> present;
    private final Map<String, String> failed;

    private Sections(Instant startAt, String trigger, Map<String, Object> present, Map<String, String> failed) {
        this.startAt = startAt;
        this.trigger = trigger;
        this.present = Collections.unmodifiableMap(present);
        this.failed = Collections.unmodifiableMap(failed);
    }

    /**
     * A run's sections before it measured anything.
     *
     * @param startAt when the run was told to start sending (a fleet's common instant); null: at once
     * @param trigger who started the run: {@code api}, {@code smoke}, or {@code fleet <id>} (a fleet token)
     */
    public static Sections of(Instant startAt, String trigger) {
        return new Sections(startAt, trigger, Map.of(), Map.of());
    }

    public Instant startAt() {
        return startAt;
    }

    public String trigger() {
        return trigger;
    }

    /** The section of {@code type}, or null when the run has none. */
    public <T> T get(Class<T> type) {
        Kind<?> kind = kind(type);
        return kind == null ? null : type.cast(present.get(kind.name()));
    }

    /** The section of {@code kind}, or null when the run has none. */
    public Object get(Kind<?> kind) {
        return present.get(kind.name());
    }

    /** Built-in sections whose producer failed, and why (the run itself did not fail). */
    public Map<String, String> failed() {
        return failed;
    }

    /** With {@code section} in its slot; null when it is none of the built-in kinds. */
    public Sections with(Object section) {
        Kind<?> kind = kind(section.getClass());
        if (kind == null) {
            return null;
        }
        Map<String, Object> more = new LinkedHashMap<>(present);
        more.put(kind.name(), section);
        return new Sections(startAt, trigger, more, failed);
    }

    /** With the built-in section {@code name} failed for {@code why}. */
    public Sections failing(String name, String why) {
        Map<String, String> more = new LinkedHashMap<>(failed);
        more.put(name, why);
        return new Sections(startAt, trigger, present, more);
    }

    /** What a merge of several processes' runs keeps: the common start instant and trigger, nothing measured per process. */
    public Sections merged() {
        return of(startAt, trigger);
    }

    /** Whether {@code name} is a built-in section's. */
    public static boolean builtIn(String name) {
        return KINDS.stream().anyMatch(k -> k.name().equals(name));
    }

    private static Kind<?> kind(Class<?> type) {
        for (Kind<?> k : KINDS) {
            if (k.type() == type) {
                return k;
            }
        }
        return null;
    }
}
