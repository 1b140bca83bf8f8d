package io.jwtbench.bench.runtime.plan;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A run spec's optional {@code "startAt": "2026-11-23T02:00:03Z"}: the wall-clock instant the run
 * starts sending (prepared at once, QUEUED until then). A fleet run gives every pod the same one. Not
 * part of {@link RunSpec}: it is when, not what, to run.
 */
public final class StartAt {
    public static final String FIELD = "startAt";
    /** Further ahead is a mistake (or a clock far off), not a plan. */
    public static final Duration MAX_AHEAD = Duration.ofMinutes(1);

    private StartAt() {
    }

    /** The {@code startAt} of {@code body}; null when absent. */
    public static Instant read(JsonNode body) {
        if (body == null || !body.isObject() || !body.has(FIELD)) {
            return null;
        }
        JsonNode node = body.get(FIELD);
        if (node.isNull()) {
            return null;
        }
        Instant at;
        try {
            at = Instant.parse(node.asText());
        } catch (DateTimeParseException e) {
            throw new SpecException(FIELD, "must be an ISO-8601 instant such as \"2026-11-23T02:00:03Z\", got " + node);
        }
        if (!node.isTextual()) {
            throw new SpecException(FIELD, "must be a string, got " + node);
        }
        if (at.isAfter(Instant.now().plus(MAX_AHEAD))) {
            throw new SpecException(FIELD, "must be at most " + Durations.format(MAX_AHEAD) + " ahead, got " + at);
        }
        return at;
    }
}
