package io.jwtbench.bench.runtime.engine.transport;

import java.util.concurrent.atomic.AtomicBoolean;

import org.jboss.logging.Logger;

import io.jwtbench.bench.runtime.stats.Measurement;
import io.jwtbench.bench.runtime.stats.Tally;
import io.netty.channel.Channel;
import io.netty.handler.ssl.SslHandler;

/**
 * Where a run's connections, sessions and pools file what happened (answers, failures, timeouts, connections
 * opened, handshakes, the window's close), straight into the run's {@link Measurement}. One per run, held by
 * everything that files, so nothing reaches it through another object.
 */
final class Outcomes {
    private static final Logger LOG = Logger.getLogger(Outcomes.class);

    private final Measurement measurement;
    /** The key exchange groups the servers' hellos named (the JDK's client does not tell). */
    private final ServerHelloPeek.Seen serverHellos;
    private final AtomicBoolean toldCapped = new AtomicBoolean();

    Outcomes(Measurement measurement, ServerHelloPeek.Seen serverHellos) {
        this.measurement = measurement;
        this.serverHellos = serverHellos;
    }

    Measurement measurement() {
        return measurement;
    }

    /** A complete answer to a request sent at {@code sent} that the schedule meant for {@code intended}. */
    void answered(long intended, long sent, int status, boolean expectRejection, long bodyBytes) {
        long end = System.nanoTime();
        if (intended == RunTransport.UNSCHEDULED) {
            measurement.response(end - sent, status, expectRejection, bodyBytes);
        } else {
            measurement.scheduledResponse(end - intended, end - sent, status, expectRejection, bodyBytes);
        }
    }

    /** A request given up at {@code now} after the timeout (a scheduled one with its latency from its intended time). */
    void timedOut(long intended, long now) {
        if (intended == RunTransport.UNSCHEDULED) {
            measurement.failure(Tally.Failure.TIMEOUT);
        } else {
            measurement.scheduledTimeout(now - intended);
        }
    }

    void failed(Tally.Failure failure) {
        measurement.failure(failure);
    }

    /** A request due before the window's end that never left, filed at the close with its latency so far. */
    void unsent(long latencyNanos) {
        measurement.unsent(latencyNanos);
    }

    /** A connection of the run came up (TCP). */
    void opened() {
        Tally tally = measurement.tally();
        if (tally != null) {
            tally.opened();
        }
    }

    /** A TLS handshake completed on {@code channel}, whose TCP connection came up at {@code connectedNanos}. */
    void handshakeDone(Channel channel, long connectedNanos) {
        long nanos = System.nanoTime() - connectedNanos;
        Tally tally = measurement.tally();
        if (tally != null) {
            tally.handshake(nanos, ServerHelloPeek.resumed(channel));
        }
        if (measurement.negotiated() == null) { // every connection of a run negotiates the same
            measurement.negotiated(TlsClient.negotiated(channel.pipeline().get(SslHandler.class), serverHellos.group()));
        }
    }

    /** A due request waited {@code nanos} for a free connection. */
    void connectionWait(long nanos) {
        Tally tally = measurement.tally();
        if (tally != null) {
            tally.connectionWait(nanos);
        }
    }

    /** When the window closed, {@code requests} were in flight on one loop. */
    void inFlightAtStop(int requests) {
        Tally tally = measurement.tally();
        if (tally != null) {
            tally.inFlightAtStop(requests);
        }
    }

    /** The server's SETTINGS allow fewer concurrent streams per connection than the run asked for: said once. */
    void streamsCapped(int asked, long allowed) {
        if (toldCapped.compareAndSet(false, true)) {
            LOG.warnf("the server allows %d concurrent streams per connection, fewer than the run's %d: its HTTP/2"
                    + " connections carry %d requests at a time", allowed, asked, allowed);
        }
    }
}
