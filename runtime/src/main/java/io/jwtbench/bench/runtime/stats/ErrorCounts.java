package io.jwtbench.bench.runtime.stats;

/**
 * Failed requests by cause. {@code reset} is any other I/O failure (connection reset or closed while
 * reading/writing). 4xx answers to requests that expected a rejection are not here.
 */
public record ErrorCounts(long connect, long timeout, long reset, long status4xx, long status5xx) {
    public static final ErrorCounts NONE = new ErrorCounts(0, 0, 0, 0, 0);

    public long total() {
        return connect + timeout + reset + status4xx + status5xx;
    }

    public ErrorCounts plus(ErrorCounts o) {
        return new ErrorCounts(connect + o.connect, timeout + o.timeout, reset + o.reset, status4xx + o.status4xx,
                status5xx + o.status5xx);
    }

    public ErrorCounts minus(ErrorCounts o) {
        return new ErrorCounts(connect - o.connect, timeout - o.timeout, reset - o.reset, status4xx - o.status4xx,
                status5xx - o.status5xx);
    }
}
