package io.jwtbench.bench.runtime.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A run's {@code startAt} is read from its body beside the spec: each bad value a 400 naming the field, the body
 * left as it came (the spec's parser is told it is not a target option), while a compare's spec, which has no
 * {@code startAt} of its own, still hands it to the target as before.
 */
class StartAtTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final RunSpecParser parser = new RunSpecParser(
            new SpecLimits(1000, Duration.ofMinutes(10), 200_000, Duration.ofSeconds(10), 64), List.of("health"));

    private static JsonNode body(String startAt) throws Exception {
        return JSON.readTree("{\"target\":\"health\",\"connections\":1,\"startAt\":" + startAt + "}");
    }

    @Test
    void readsTheInstantAndLeavesTheBodyAsItCame() throws Exception {
        Instant at = Instant.now().plusSeconds(5).truncatedTo(ChronoUnit.SECONDS);
        JsonNode body = body("\"" + at + "\"");
        assertEquals(at, StartAt.read(body));
        assertTrue(body.has(StartAt.FIELD), "read, not taken out");
        RunSpec spec = parser.parse(body, false, Set.of(StartAt.FIELD));
        assertFalse(spec.options().containsKey(StartAt.FIELD), "beside the spec: not a target option");
        assertTrue(parser.parse(body).options().containsKey(StartAt.FIELD), "a spec without a start instant of its own");
        assertNull(StartAt.read(body("null")));
        assertNull(StartAt.read(JSON.readTree("{\"target\":\"health\"}")));
        assertNull(StartAt.read(JSON.readTree("[1]")), "not an object: the spec's parser says so");
    }

    @Test
    void refusesWhatIsNoInstantOrTooFarAhead() throws Exception {
        SpecException notInstant = assertThrows(SpecException.class, () -> StartAt.read(body("\"tomorrow\"")));
        assertEquals(StartAt.FIELD, notInstant.field());
        assertTrue(notInstant.reason().contains("ISO-8601"), notInstant.reason());
        SpecException number = assertThrows(SpecException.class, () -> StartAt.read(body("5")));
        assertEquals(StartAt.FIELD, number.field());
        SpecException far = assertThrows(SpecException.class,
                () -> StartAt.read(body("\"" + Instant.now().plus(StartAt.MAX_AHEAD).plusSeconds(30) + "\"")));
        assertEquals(StartAt.FIELD, far.field());
        assertTrue(far.reason().startsWith("must be at most 1m ahead"), far.reason());
    }

    @Test
    void aBaselineBesideTheSpecIsNotRefusedOnlyWhereTheRequestHoldsIt() throws Exception {
        JsonNode body = JSON.readTree("{\"target\":\"health\",\"connections\":1,\"baseline\":\"r1\",\"tolerancePercent\":5}");
        SpecException refused = assertThrows(SpecException.class, () -> parser.parse(body, false, Set.of(StartAt.FIELD)));
        assertEquals("baseline", refused.field());
        assertTrue(refused.reason().startsWith("only a single run"), refused.reason());
        RunSpec spec = parser.parse(body, false, Set.of("baseline", "tolerancePercent"));
        assertTrue(spec.options().isEmpty(), spec.options().toString());
    }
}
