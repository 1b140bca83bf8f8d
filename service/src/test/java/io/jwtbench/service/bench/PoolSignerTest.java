package io.jwtbench.service.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

/** The pool's signing runs on a bounded pool of its own and stops when the preparing thread is interrupted. */
class PoolSignerTest {

    @Test
    void signsInOrderOnItsOwnThreads() {
        try (PoolSigner signer = new PoolSigner(2)) {
            List<String> tokens = signer.sign(1000, i -> Thread.currentThread().getName() + ":" + i);
            assertEquals(1000, tokens.size());
            for (int i = 0; i < tokens.size(); i++) {
                assertTrue(tokens.get(i).startsWith("jwt-bench-signer-") && tokens.get(i).endsWith(":" + i), tokens.get(i));
            }
        }
    }

    @Test
    void anInterruptStopsTheSigning() throws Exception {
        AtomicInteger signed = new AtomicInteger();
        AtomicReference<Throwable> outcome = new AtomicReference<>();
        try (PoolSigner signer = new PoolSigner(2)) {
            // 20,000 × 5 ms on 2 threads: 50 s if nothing stopped it
            Thread preparing = Thread.ofPlatform().start(() -> {
                try {
                    signer.sign(20_000, i -> {
                        signed.incrementAndGet();
                        try {
                            Thread.sleep(5);
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        return "t" + i;
                    });
                } catch (Throwable t) {
                    outcome.set(t);
                }
            });
            long deadline = System.nanoTime() + 30_000_000_000L;
            while (signed.get() == 0 && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            preparing.interrupt();
            preparing.join(10_000);
            assertTrue(!preparing.isAlive(), "sign() returned after the interrupt");
            assertThrows(CancellationException.class, () -> {
                throw outcome.get();
            });
            int atCancel = signed.get();
            Thread.sleep(200); // running batches see the interrupt, the queued ones never start
            int later = signed.get();
            assertTrue(later <= atCancel + 2, atCancel + " then " + later);
            assertTrue(later < 20_000, "stopped early: " + later);
        }
    }
}
