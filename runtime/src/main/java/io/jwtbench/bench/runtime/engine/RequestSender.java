package io.jwtbench.bench.runtime.engine;

import java.net.ConnectException;
import java.util.concurrent.TimeoutException;

import io.jwtbench.bench.runtime.spi.BenchRequest;
import io.jwtbench.bench.runtime.stats.Tally;
import io.vertx.core.Future;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.RequestOptions;

/**
 * Sends one request on the generator's client and files its outcome: latency into the histogram(s),
 * status class, bytes and failures into the tally. Runs on the generator's event loops only.
 */
final class RequestSender {
    /** Passed as intended send time by the closed model, which has no schedule. */
    static final long UNSCHEDULED = Long.MIN_VALUE;
    static final String HOST = "127.0.0.1";

    interface Done {
        void done(boolean failed);
    }

    private final HttpClient client;
    private final int port;
    private final long timeoutMillis;
    private final Measurement measurement;

    RequestSender(HttpClient client, int port, long timeoutMillis, Measurement measurement) {
        this.client = client;
        this.port = port;
        this.timeoutMillis = timeoutMillis;
        this.measurement = measurement;
    }

    /**
     * @param intendedNanos System.nanoTime the schedule meant this request to leave at, or
     *        {@link #UNSCHEDULED}
     */
    void send(BenchRequest request, long intendedNanos, Done done) {
        long issued = System.nanoTime();
        // The timeouts cover getting a pooled connection and then any silence of the server: with
        // small answers that is the whole exchange.
        RequestOptions options = new RequestOptions().setMethod(request.method()).setHost(HOST).setPort(port)
                .setURI(request.path()).setHeaders(request.headers()).setConnectTimeout(timeoutMillis)
                .setIdleTimeout(timeoutMillis);
        client.request(options).onComplete(obtained -> {
            if (obtained.failed()) {
                fail(classify(obtained.cause(), true), done);
                return;
            }
            long sent = System.nanoTime();
            Tally tally = measurement.tally();
            if (intendedNanos != UNSCHEDULED && tally != null) {
                tally.connectionWait(sent - issued);
            }
            HttpClientRequest req = obtained.result();
            Future<io.vertx.core.http.HttpClientResponse> answer = request.body() == null ? req.send()
                    : req.send(request.body());
            answer.onComplete(responded -> {
                if (responded.failed()) {
                    fail(classify(responded.cause(), false), done);
                    return;
                }
                int status = responded.result().statusCode();
                responded.result().body().onComplete(read -> {
                    if (read.failed()) {
                        fail(classify(read.cause(), false), done);
                        return;
                    }
                    long end = System.nanoTime();
                    measurement.response(end - (intendedNanos == UNSCHEDULED ? sent : intendedNanos), end - sent,
                            status, request.expectRejection(), read.result().length());
                    done.done(false);
                });
            });
        });
    }

    private void fail(Tally.Failure failure, Done done) {
        measurement.failure(failure);
        done.done(true);
    }

    /** Connect failures, timeouts (Vert.x' own "NoStackTraceTimeoutException" included), or else I/O. */
    static Tally.Failure classify(Throwable t, boolean whileConnecting) {
        if (t instanceof ConnectException) { // netty's ConnectTimeoutException is one too
            return Tally.Failure.CONNECT;
        }
        if (t instanceof TimeoutException || t.getClass().getSimpleName().contains("Timeout")) {
            return Tally.Failure.TIMEOUT;
        }
        return whileConnecting ? Tally.Failure.CONNECT : Tally.Failure.RESET;
    }
}
