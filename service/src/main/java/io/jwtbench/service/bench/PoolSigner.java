package io.jwtbench.service.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntFunction;

/**
 * Signs a token pool on threads of its own, in batches: not on the common fork-join pool, which the
 * application shares (a 100,000-token pool once held it for a minute), and at most one thread per
 * core. Stops when the preparing thread is interrupted (the caller went away, the application stops):
 * unstarted batches are dropped, running ones see the interrupt.
 */
final class PoolSigner implements AutoCloseable {
    static final int BATCH = 256;
    private final ExecutorService threads;

    PoolSigner(int threads) {
        this.threads = Executors.newFixedThreadPool(threads, Thread.ofPlatform().daemon().name("jwt-bench-signer-", 0).factory());
    }

    /**
     * {@code token.apply(i)} for i in 0..count-1, in order.
     *
     * @throws CancellationException when the calling thread is interrupted meanwhile
     */
    List<String> sign(int count, IntFunction<String> token) {
        List<Future<List<String>>> batches = new ArrayList<>();
        try {
            for (int from = 0; from < count; from += BATCH) {
                int start = from;
                int end = Math.min(count, from + BATCH);
                batches.add(threads.submit(() -> {
                    List<String> out = new ArrayList<>(end - start);
                    for (int i = start; i < end && !Thread.currentThread().isInterrupted(); i++) {
                        out.add(token.apply(i));
                    }
                    return out;
                }));
            }
            List<String> all = new ArrayList<>(count);
            for (Future<List<String>> batch : batches) {
                all.addAll(batch.get());
            }
            return all;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("signing the token pool was cancelled");
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } finally {
            batches.forEach(batch -> batch.cancel(true));
        }
    }

    @Override
    public void close() {
        threads.shutdownNow();
    }
}
