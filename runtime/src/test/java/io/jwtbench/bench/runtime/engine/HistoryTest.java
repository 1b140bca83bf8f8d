package io.jwtbench.bench.runtime.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;

class HistoryTest {

    /** Something started: it ends when told to, or when cancelled. */
    record Item(String id, CompletableFuture<Void> finished) implements Started {
        Item(String id) {
            this(id, new CompletableFuture<>());
        }

        Item end() {
            finished.complete(null);
            return this;
        }

        @Override
        public void cancel() {
            finished.complete(null);
        }
    }

    @Test
    void keepsTheNewestAndTellsWhatItForgets() {
        List<String> forgotten = new ArrayList<>();
        History<Item> history = new History<>("x", () -> 2, forgotten::add);
        history.add(new Item("a").end());
        history.add(new Item("b").end());
        history.add(new Item("c").end());
        assertEquals(List.of("c", "b"), history.recent().stream().map(Item::id).toList());
        assertEquals(List.of("a"), forgotten);
        assertEquals(Optional.empty(), history.find("a"));
    }

    @Test
    void neverForgetsOneStillGoing() {
        History<Item> history = new History<>("", () -> 1, id -> {
        });
        Item going = new Item("a");
        history.add(going);
        history.add(new Item("b").end());
        assertEquals(List.of("b", "a"), history.recent().stream().map(Item::id).toList(), "over the size while a is going");
        assertEquals(Optional.of(going), history.going());
        going.end();
        history.add(new Item("c").end());
        assertEquals(List.of("c"), history.recent().stream().map(Item::id).toList());
        assertEquals(Optional.empty(), history.going());
    }

    @Test
    void newIdsCarryThePrefixAndDoNotRepeat() {
        History<Item> history = new History<>("s", () -> 100_000, id -> {
        });
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            String id = history.newId();
            assertTrue(id.matches("s[0-9a-f]{8}"), id);
            history.add(new Item(id).end());
            assertTrue(ids.add(id), "repeated: " + id);
        }
    }

    @Test
    void cancelsWhatIsStillGoing() {
        History<Item> history = new History<>("", () -> 10, id -> {
        });
        Item going = new Item("a");
        Item ended = new Item("b").end();
        history.add(going);
        history.add(ended);
        history.cancelGoing(Duration.ofSeconds(1));
        assertTrue(going.finished().isDone());
        assertEquals(Optional.empty(), history.going());
    }
}
