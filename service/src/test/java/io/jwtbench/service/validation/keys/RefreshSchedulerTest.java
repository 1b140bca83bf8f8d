package io.jwtbench.service.validation.keys;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.CompletableFuture;

import static io.jwtbench.service.validation.keys.Fixtures.setA;
import static io.jwtbench.service.validation.keys.Fixtures.setB;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The refresh scheduler with time driven by the test (a manual {@link RefreshTimer}) and fetches the
 * test completes by hand: rate limit, coalescing, backoff, scheduled refresh, the negative cache and
 * the waiting cap, deterministic and without a single sleep. {@link RemoteKeySourceTest} and
 * {@code KeyLifecycleTest} cover the same source over real HTTP(S).
 */
class RefreshSchedulerTest {
    static final Duration MIN = Duration.ofSeconds(5);
    static final Duration REFRESH = Duration.ofMinutes(10);
    static final Duration KID_TTL = Duration.ofSeconds(30);
    static final RemoteSettings SETTINGS = new RemoteSettings(REFRESH, MIN, Duration.ofSeconds(5), 1 << 20, KID_TTL, 4, false);

    static final KeySet A = parse(setA());
    static final KeySet B = parse(setB());

    static KeySet parse(String json) {
        try {
            return JwksParser.parse(json, "test", Instant.EPOCH);
        } catch (JwksException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Time that moves only when the test says so; due tasks run on the test's thread, in order. */
    static final class ManualTimer implements RefreshTimer {
        private record Entry(long due, long seq, Runnable task, boolean[] cancelled) {
        }

        private long now = Instant.parse("2026-01-01T00:00:00Z").toEpochMilli();
        private long seq;
        private final PriorityQueue<Entry> queue = new PriorityQueue<>(
                Comparator.comparingLong(Entry::due).thenComparingLong(Entry::seq));

        @Override
        public synchronized Instant now() {
            return Instant.ofEpochMilli(now);
        }

        @Override
        public synchronized Task schedule(Runnable task, long delayMillis) {
            Entry e = new Entry(now + delayMillis, seq++, task, new boolean[1]);
            queue.add(e);
            return () -> e.cancelled()[0] = true;
        }

        /** Runs every task due now (including ones they schedule for now). */
        void runDue() {
            advance(Duration.ZERO);
        }

        void advance(Duration d) {
            long until;
            synchronized (this) {
                until = now + d.toMillis();
            }
            while (true) {
                Entry next;
                synchronized (this) {
                    next = queue.peek();
                    if (next == null || next.due() > until) {
                        now = until;
                        return;
                    }
                    queue.poll();
                    now = Math.max(now, next.due());
                }
                if (!next.cancelled()[0]) {
                    next.task().run();
                }
            }
        }
    }

    /** Fetches that the test answers. */
    static final class ManualFetcher implements RefreshScheduler.Fetcher {
        final Deque<CompletableFuture<KeySet>> started = new ArrayDeque<>();
        int failures;

        @Override
        public synchronized CompletableFuture<KeySet> fetch() {
            CompletableFuture<KeySet> f = new CompletableFuture<>();
            started.add(f);
            return f;
        }

        @Override
        public void failed() {
            failures++;
        }

        @Override
        public String describe(Throwable failure) {
            return "test: " + failure.getMessage();
        }

        synchronized int count() {
            return started.size();
        }

        /** Answers the oldest unanswered fetch. */
        synchronized void answer(KeySet set) {
            last().complete(set);
        }

        synchronized void fail(String why) {
            last().completeExceptionally(new JwksException(why));
        }

        private CompletableFuture<KeySet> last() {
            return started.stream().filter(f -> !f.isDone()).findFirst().orElseThrow(() -> new AssertionError("no fetch open"));
        }
    }

    final ManualTimer timer = new ManualTimer();
    final ManualFetcher fetcher = new ManualFetcher();
    final RefreshScheduler source = new RefreshScheduler("test:origin", SETTINGS, fetcher, timer);

    @AfterEach
    void close() {
        source.close();
    }

    void loadA() {
        source.start();
        timer.runDue();
        assertEquals(1, fetcher.count());
        fetcher.answer(A);
        assertSame(A, source.current());
    }

    @Test
    void startFetchesOnceAndLoads() {
        source.start();
        source.start();
        timer.runDue();
        assertEquals(1, fetcher.count());
        assertFalse(source.status().usable());
        fetcher.answer(A);
        assertTrue(source.status().usable());
        assertNull(source.status().lastError());
    }

    @Test
    void unknownKidsInsideTheWindowShareOneFetchAfterTheWindow() {
        loadA();
        List<CompletableFuture<KeySet>> waiting = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            waiting.add(source.refreshForUnknownKid("b1").toCompletableFuture());
        }
        timer.advance(MIN.minusMillis(1));
        assertEquals(1, fetcher.count(), "no fetch before minRefreshInterval has passed");
        timer.advance(Duration.ofMillis(1));
        assertEquals(2, fetcher.count(), "one fetch for all three");
        assertTrue(waiting.stream().noneMatch(CompletableFuture::isDone));
        fetcher.answer(B);
        waiting.forEach(f -> assertSame(B, f.join()));
    }

    @Test
    void aKidAFetchDidNotFindIsAnsweredAtOnceUntilTheNextPermittedFetchOnly() {
        // Not for the whole unknownKidTtl (30 s), only while no fetch may start anyway
        loadA();
        CompletableFuture<KeySet> first = source.refreshForUnknownKid("b1").toCompletableFuture();
        timer.advance(MIN);
        assertEquals(2, fetcher.count());
        fetcher.answer(A);  // the IdP has not published b1 yet
        assertSame(A, first.join());
        // inside the rate-limit window of that fetch: answered at once, no fetch
        timer.advance(MIN.minusMillis(1));
        assertTrue(source.refreshForUnknownKid("b1").toCompletableFuture().isDone());
        timer.runDue();
        assertEquals(2, fetcher.count());
        // as soon as the next fetch is permitted (well inside the 30 s TTL): looked for again
        timer.advance(Duration.ofMillis(1));
        CompletableFuture<KeySet> later = source.refreshForUnknownKid("b1").toCompletableFuture();
        assertFalse(later.isDone());
        timer.runDue();
        assertEquals(3, fetcher.count());
        fetcher.answer(B);
        assertNotNull(later.join().byKid("b1"));
    }

    @Test
    void theTtlStillCapsTheNegativeCacheWhenShorterThanTheWindow() {
        RefreshScheduler source = new RefreshScheduler("test:origin", SETTINGS.withUnknownKidTtl(Duration.ofSeconds(1)),
                fetcher, timer);
        source.start();
        timer.runDue();
        fetcher.answer(A);
        CompletableFuture<KeySet> first = source.refreshForUnknownKid("b1").toCompletableFuture();
        timer.advance(MIN);
        fetcher.answer(A);
        first.join();
        assertTrue(source.refreshForUnknownKid("b1").toCompletableFuture().isDone());
        timer.advance(Duration.ofSeconds(1));
        assertFalse(source.refreshForUnknownKid("b1").toCompletableFuture().isDone(), "past the TTL: waits for a fetch");
        source.close();
    }

    @Test
    void changedKeysClearTheNegativeCache() {
        loadA();
        CompletableFuture<KeySet> junk = source.refreshForUnknownKid("b1").toCompletableFuture();
        timer.advance(MIN);
        fetcher.answer(A);
        junk.join();
        assertTrue(source.refreshForUnknownKid("b1").toCompletableFuture().isDone(), "negative-cached");
        // another kid brings a changed set: b1 is forgotten at once
        CompletableFuture<KeySet> other = source.refreshForUnknownKid("zz").toCompletableFuture();
        timer.advance(MIN);
        fetcher.answer(parse(Fixtures.jwks(Fixtures.rsaJwk(Fixtures.RSA_A, "a1"))));
        other.join();
        assertFalse(source.refreshForUnknownKid("b1").toCompletableFuture().isDone(), "not negative-cached any more");
    }

    @Test
    void theSameKeysKeepTheSameSetObject() {
        loadA();
        CompletableFuture<KeySet> f = source.refreshForUnknownKid("x").toCompletableFuture();
        timer.advance(MIN);
        fetcher.answer(parse(setA()));  // equal keys, a new object
        f.join();
        assertSame(A, source.current(), "cached tokens are bound to the set by identity");
    }

    @Test
    void atMostMaxWaitingRequestsWait() {
        loadA();
        List<CompletableFuture<KeySet>> answers = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            answers.add(source.refreshForUnknownKid("k" + i).toCompletableFuture());
        }
        assertEquals(4, answers.stream().filter(f -> !f.isDone()).count());
        timer.advance(MIN);
        fetcher.answer(A);
        assertTrue(answers.stream().allMatch(CompletableFuture::isDone));
        // the cap is free again
        assertFalse(source.refreshForUnknownKid("k99").toCompletableFuture().isDone());
    }

    @Test
    void failedFirstLoadsAreRetriedWithBackoff() {
        source.start();
        timer.runDue();
        fetcher.fail("down");
        assertEquals("test: down", source.status().lastError());
        assertEquals(1, fetcher.failures);
        timer.advance(MIN);                       // first retry after max(min, 1 s) = 5 s
        assertEquals(2, fetcher.count());
        fetcher.fail("down");
        timer.advance(MIN);
        assertEquals(2, fetcher.count(), "second retry waits 10 s");
        timer.advance(MIN);
        assertEquals(3, fetcher.count());
        fetcher.answer(A);
        assertNull(source.status().lastError());
        timer.advance(REFRESH.minusMinutes(1));
        assertEquals(3, fetcher.count(), "no retry once loaded");
    }

    @Test
    void afterAFailureUnknownKidsAreAnsweredAtOnceButStillCauseAFetch() {
        loadA();
        CompletableFuture<KeySet> f = source.refreshForUnknownKid("x").toCompletableFuture();
        timer.advance(MIN);
        fetcher.fail("boom");
        assertSame(A, f.join(), "the last good keys stay");
        CompletableFuture<KeySet> next = source.refreshForUnknownKid("b1").toCompletableFuture();
        assertTrue(next.isDone(), "no wait for a fetch that will likely fail too");
        timer.advance(MIN);
        assertEquals(3, fetcher.count(), "the fetch is still made");
        fetcher.answer(B);
        assertSame(B, source.current());
    }

    @Test
    void randomKidsCauseAtMostOneFetchPerWindow() {
        // without the waiting cap (4 here): every kid waits for a fetch and is then negative-cached
        RefreshScheduler source = new RefreshScheduler("test:origin", SETTINGS.withMaxWaiting(1000), fetcher, timer);
        source.start();
        timer.runDue();
        fetcher.answer(A);
        List<String> kids = new ArrayList<>();
        List<CompletableFuture<KeySet>> answers = new ArrayList<>();
        // three windows' worth of random kids, one every 100 ms
        for (int i = 0; i < 150; i++) {
            String kid = java.util.UUID.randomUUID().toString();
            kids.add(kid);
            answers.add(source.refreshForUnknownKid(kid).toCompletableFuture());
            timer.advance(Duration.ofMillis(100));
            if (fetcher.started.stream().anyMatch(f -> !f.isDone())) {
                fetcher.answer(A);
            }
        }
        timer.advance(MIN);
        while (fetcher.started.stream().anyMatch(f -> !f.isDone())) {
            fetcher.answer(A);
            timer.advance(MIN);
        }
        assertTrue(answers.stream().allMatch(CompletableFuture::isDone));
        int fetches = fetcher.count() - 1;
        assertTrue(fetches >= 3 && fetches <= 15 / 5 + 2, fetches + " fetches for 15 s of random kids (one per 5 s window)");
        // every kid was looked for by a fetch started after its request. Once the window has passed they
        // are looked for again, all 150 by one fetch (the limit is per source, not per kid) ...
        int before = fetcher.count();
        List<CompletableFuture<KeySet>> again = kids.stream().map(kid -> source.refreshForUnknownKid(kid).toCompletableFuture()).toList();
        assertEquals(150, source.waiting(), "each waits once; nothing else queues");
        timer.runDue();
        assertEquals(before + 1, fetcher.count(), "one fetch for 150 distinct kids");
        fetcher.answer(A);
        assertTrue(again.stream().allMatch(CompletableFuture::isDone));
        assertEquals(0, source.waiting());
        // ... and inside the next window they are answered at once, without a fetch
        for (String kid : kids) {
            assertTrue(source.refreshForUnknownKid(kid).toCompletableFuture().isDone(), kid);
        }
        timer.advance(MIN.minusMillis(1));
        assertEquals(before + 1, fetcher.count());
        source.close();
    }

    @Test
    void closeReleasesWaitersAndStopsFetching() {
        loadA();
        CompletableFuture<KeySet> waiting = source.refreshForUnknownKid("b1").toCompletableFuture();
        source.close();
        assertSame(A, waiting.join());
        timer.advance(REFRESH.multipliedBy(2));
        assertEquals(1, fetcher.count());
        assertTrue(source.refreshForUnknownKid("b1").toCompletableFuture().isDone());
    }

    @Test
    void theScheduledRefreshRunsEveryInterval() {
        loadA();
        timer.advance(REFRESH);
        assertEquals(2, fetcher.count());
        fetcher.answer(B);
        timer.advance(REFRESH);
        assertEquals(3, fetcher.count());
        fetcher.answer(B);
        source.close();
        timer.advance(REFRESH.multipliedBy(3));
        assertEquals(3, fetcher.count(), "nothing after close");
    }
}
