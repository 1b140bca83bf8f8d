package io.jwtbench.bench.runtime.stats;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A run report's built-in sections, typed, each from one producer; null where the run has none.
 * Sections of the application's own run extensions stay in {@link RunReport#extensions()}.
 *
 * @param startAt when the run was told to start sending (a fleet's common instant); null: at once
 * @param trigger who started the run: {@code api}, {@code smoke}, or {@code fleet <id>} (a fleet token)
 * @param failed  built-in sections whose producer failed, and why (the run itself did not fail)
 */
public record Sections(Instant startAt, String trigger, Jvm jvm, Profile profile, Breakdown breakdown, Kernel kernel,
        Steadiness steady, Verdict verdict, Regression regression, TransportFacts transport, Map<String, String> failed) {

    public static final Sections NONE = new Sections(null, null, null, null, null, null, null, null, null, null,
            Map.of());

    public Sections {
        failed = failed == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(failed));
    }

    /** With {@code section} in its slot; null when it is none of the built-in kinds. */
    public Sections with(Object section) {
        return switch (section) {
            case Jvm j -> new Sections(startAt, trigger, j, profile, breakdown, kernel, steady, verdict, regression, transport, failed);
            case Profile p -> new Sections(startAt, trigger, jvm, p, breakdown, kernel, steady, verdict, regression, transport, failed);
            case Breakdown b -> new Sections(startAt, trigger, jvm, profile, b, kernel, steady, verdict, regression, transport, failed);
            case Kernel k -> new Sections(startAt, trigger, jvm, profile, breakdown, k, steady, verdict, regression, transport, failed);
            case Steadiness s -> new Sections(startAt, trigger, jvm, profile, breakdown, kernel, s, verdict, regression, transport, failed);
            case Verdict v -> new Sections(startAt, trigger, jvm, profile, breakdown, kernel, steady, v, regression, transport, failed);
            case Regression g -> new Sections(startAt, trigger, jvm, profile, breakdown, kernel, steady, verdict, g, transport, failed);
            case TransportFacts f -> new Sections(startAt, trigger, jvm, profile, breakdown, kernel, steady, verdict, regression, f,
                    failed);
            default -> null;
        };
    }

    /** With the built-in section {@code name} failed for {@code why}. */
    public Sections failing(String name, String why) {
        Map<String, String> more = new LinkedHashMap<>(failed);
        more.put(name, why);
        return new Sections(startAt, trigger, jvm, profile, breakdown, kernel, steady, verdict, regression, transport, more);
    }

    /** What a merge of several processes' runs keeps: the common start instant and trigger, nothing measured per process. */
    public Sections merged() {
        return new Sections(startAt, trigger, null, null, null, null, null, null, null, null, Map.of());
    }

    /** Whether {@code name} is a built-in section's. */
    public static boolean builtIn(String name) {
        return switch (name) {
            case Jvm.SECTION, Profile.SECTION, Breakdown.SECTION, Kernel.SECTION, Steadiness.SECTION, Verdict.SECTION,
                    Regression.SECTION, TransportFacts.SECTION -> true;
            default -> false;
        };
    }
}
