package io.jwtbench.bench.runtime.stats;

/**
 * Failed requests by cause. {@code reset} is any other I/O failure (connection reset or closed while
 * reading/writing); {@code tlsHandshake} a TLS connection whose handshake failed (its request never left).
 * 4xx answers to requests that expected a rejection are not here.
 */
public record ErrorCounts(long connect, long timeout, long reset, long status4xx, long status5xx, long tlsHandshake) {
    public static final ErrorCounts NONE = new ErrorCounts(0, 0, 0, 0, 0, 0);

    public long total() {
        return connect + timeout + reset + status4xx + status5xx + tlsHandshake;
    }

    /** Failures below HTTP: the request got no answer at all. */
    public long socket() {
        return connect + timeout + reset + tlsHandshake;
    }

    public ErrorCounts plus(ErrorCounts o) {
        return new ErrorCounts(connect + o.connect, timeout + o.timeout, reset + o.reset, status4xx + o.status4xx,
                status5xx + o.status5xx, tlsHandshake + o.tlsHandshake);
    }

    public ErrorCounts minus(ErrorCounts o) {
        return new ErrorCounts(connect - o.connect, timeout - o.timeout, reset - o.reset, status4xx - o.status4xx,
                status5xx - o.status5xx, tlsHandshake - o.tlsHandshake);
    }
}
