package io.jwtbench.bench.runtime.stats;

import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;

/**
 * The counters of one phase (warm-up or measurement), bumped from the generator's event loops.
 * LongAdders: no contention between event loops, read once a second by the orchestrator.
 */
public final class Tally {
    public enum Failure {
        CONNECT,
        TIMEOUT,
        RESET,
        /** The TLS handshake failed: no request left on that connection. */
        TLS_HANDSHAKE
    }

    /**
     * What a TLS handshake settled on: the ALPN protocol, the TLS version, the cipher suite, the key exchange group
     * ({@code x25519}, ...; null when the server's hello was not seen) and the server certificate's key type.
     */
    public record Negotiated(String protocol, String tlsVersion, String cipherSuite, String keyExchangeGroup,
            String certificateKeyType) {
    }

    private final LongAdder responses = new LongAdder();
    private final LongAdder connect = new LongAdder();
    private final LongAdder timeout = new LongAdder();
    private final LongAdder reset = new LongAdder();
    private final LongAdder tlsHandshake = new LongAdder();
    private final LongAdder connectionsOpened = new LongAdder();
    private final LongAdder handshakes = new LongAdder();
    private final LongAdder resumptions = new LongAdder();
    private final LongAdder handshakeNanos = new LongAdder();
    private final LongAdder status4xx = new LongAdder();
    private final LongAdder status5xx = new LongAdder();
    private final LongAdder expectedRejections = new LongAdder();
    private final LongAdder unexpectedSuccesses = new LongAdder();
    private final LongAdder bytesRead = new LongAdder();
    private final LongAdder lateStarts = new LongAdder();
    private final LongAdder sends = new LongAdder();
    private final LongAdder scheduleLagNanos = new LongAdder();
    private final LongAccumulator maxScheduleLagNanos = new LongAccumulator(Math::max, 0);
    private final LongAdder connectionWaitNanos = new LongAdder();
    private final LongAdder inFlightAtStop = new LongAdder();
    private final LongAdder unsentAtStop = new LongAdder();

    /** A complete HTTP answer; its latency goes to the histogram separately. */
    public void response(int status, boolean expectRejection, long bytes) {
        responses.increment();
        bytesRead.add(bytes);
        if (status >= 500) {
            status5xx.increment();
        } else if (status >= 400) {
            (expectRejection ? expectedRejections : status4xx).increment();
        } else if (expectRejection) {
            unexpectedSuccesses.increment();
        }
    }

    public void failure(Failure failure) {
        (switch (failure) {
            case CONNECT -> connect;
            case TIMEOUT -> timeout;
            case RESET -> reset;
            case TLS_HANDSHAKE -> tlsHandshake;
        }).increment();
    }

    /** A connection was established (TCP); its TLS handshake, if any, comes next. */
    public void opened() {
        connectionsOpened.increment();
    }

    /** A TLS handshake completed in {@code nanos}; {@code resumed}: an earlier session was resumed, no full handshake. */
    public void handshake(long nanos, boolean resumed) {
        handshakes.increment();
        handshakeNanos.add(nanos);
        if (resumed) {
            resumptions.increment();
        }
    }

    public long connectionsOpened() {
        return connectionsOpened.sum();
    }

    public long handshakes() {
        return handshakes.sum();
    }

    public long resumptions() {
        return resumptions.sum();
    }

    public long handshakeNanos() {
        return handshakeNanos.sum();
    }


    /** Open model: how late a request left compared to its intended time. */
    public void scheduled(long lagNanos, boolean late) {
        sends.increment();
        scheduleLagNanos.add(lagNanos);
        maxScheduleLagNanos.accumulate(lagNanos);
        if (late) {
            lateStarts.increment();
        }
    }

    /** Open model: time a request waited for a free pooled connection. */
    public void connectionWait(long nanos) {
        connectionWaitNanos.add(nanos);
    }

    /** Stop: requests still in flight when the window closed, awaited up to their timeout. */
    public void inFlightAtStop(long count) {
        inFlightAtStop.add(count);
    }

    /** Stop: a request that was due inside the window but never left (filed with its intended-time latency). */
    void countUnsent() {
        unsentAtStop.increment();
    }

    public long inFlightAtStop() {
        return inFlightAtStop.sum();
    }

    public long unsentAtStop() {
        return unsentAtStop.sum();
    }

    public long responses() {
        return responses.sum();
    }

    public ErrorCounts errors() {
        return new ErrorCounts(connect.sum(), timeout.sum(), reset.sum(), status4xx.sum(), status5xx.sum(),
                tlsHandshake.sum());
    }

    public long expectedRejections() {
        return expectedRejections.sum();
    }

    public long unexpectedSuccesses() {
        return unexpectedSuccesses.sum();
    }

    public long bytesRead() {
        return bytesRead.sum();
    }

    public long lateStarts() {
        return lateStarts.sum();
    }

    public double meanScheduleLagNanos() {
        long n = sends.sum();
        return n == 0 ? 0 : (double) scheduleLagNanos.sum() / n;
    }

    public long maxScheduleLagNanos() {
        return maxScheduleLagNanos.get();
    }

    public long connectionWaitNanos() {
        return connectionWaitNanos.sum();
    }
}
