package io.jwtbench.bench.runtime.fleet;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.regex.Pattern;

import javax.net.ssl.SSLContext;

import org.jboss.logging.Logger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.jwtbench.bench.runtime.BenchThreads;
import io.jwtbench.bench.runtime.Causes;
import io.jwtbench.bench.runtime.codec.RunReportJson;
import io.jwtbench.bench.runtime.engine.Lifecycle;
import io.jwtbench.bench.runtime.plan.RunSpec;
import io.jwtbench.bench.runtime.plan.StartAt;
import io.jwtbench.bench.runtime.stats.RunStatus;

/**
 * One fleet run: the same run spec POSTed to every pod with the same {@code startAt}, each pod's run
 * polled until it ended, then merged ({@link FleetReport}). Its life runs on one platform thread ({@link BenchThreads}); a pod
 * that refuses, cannot be reached or fails is a row of its own and is named in the report, never
 * silently left out of the sum.
 */
public final class Fleet extends Lifecycle<FleetReport> {
    private static final Logger LOG = Logger.getLogger(Fleet.class);
    private static final Duration POLL = Duration.ofMillis(500);
    /** Between two attempts to connect to a pod that refused a start's connection, until {@code startAt}. */
    private static final Duration RECONNECT = Duration.ofMillis(250);
    /** A run id as a bench gives them: it goes into the URLs sent with the caller's credentials. */
    private static final Pattern RUN_ID = Pattern.compile("[A-Za-z0-9_-]{1,64}");

    private final RunSpec spec;
    private final ObjectNode body;
    private final PodClient client;
    /** How long after the planned end a pod may still be finishing before it counts as lost ({@code quarkus.bench.fleet.grace}). */
    private final Duration grace;
    private final Instant startAt;
    private final List<PodResult> pods = new ArrayList<>();
    private volatile FleetReport report;

    Fleet(String id, RunSpec spec, JsonNode body, List<URI> peers, Duration startDelay, Duration grace, PodClient client) {
        super(id, "fleet");
        this.grace = grace;
        this.spec = spec;
        this.client = client;
        this.startAt = startedAt().plus(startDelay);
        this.body = ((ObjectNode) body).deepCopy();
        this.body.put(StartAt.FIELD, startAt.toString());
        peers.forEach(p -> pods.add(new PodResult(p, PodState.STARTING, null, null, null)));
        publish(false, null);
    }

    public FleetReport report() {
        return report;
    }

    /**
     * Starts every pod, follows them to their end, and never leaves a pod's run going unattended: a
     * cancel (each pod's run then ends CANCELLED with what it measured, the fleet CANCELLED), a pod past its
     * deadline and a failure of the coordinator itself each send DELETE to the runs still going.
     */
    @Override
    protected void execute() {
        try (ExecutorService each = BenchThreads.perTask("bench-fleet-" + id() + "-pod-")) {
            try {
                startAll(each);
                follow(each);
            } catch (Exception e) {
                LOG.warnf(e, "fleet run %s failed: cancelling its pods' runs", id());
                abandon(each, "the fleet's coordinator failed (" + e + ")");
            }
        }
        publish(true, Instant.now());
        end(report);
    }

    /** Every pod at once; a start that throws is that pod's row, never the others' loss. */
    private void startAll(ExecutorService each) throws InterruptedException {
        List<Future<PodResult>> starts = new ArrayList<>();
        for (PodResult p : pods) {
            starts.add(each.submit(() -> start(p)));
        }
        for (int i = 0; i < starts.size(); i++) {
            try {
                set(i, starts.get(i).get());
            } catch (ExecutionException e) {
                set(i, pods.get(i).with(PodState.FAILED, null, "start failed: " + e.getCause()));
            }
        }
        publish(false, null);
    }

    private void follow(ExecutorService each) throws InterruptedException, ExecutionException {
        Instant deadline = startAt.plus(spec.warmup()).plus(spec.duration()).plus(spec.timeout()).plus(grace);
        boolean cancelSent = false;
        while (pods.stream().anyMatch(p -> p.state() == PodState.RUNNING)) {
            boolean cancel = awaitCancel(System.nanoTime() + POLL.toNanos());
            if (cancel && !cancelSent) {
                cancelSent = true;
                forRunning(each, p -> client.cancel(p.pod(), p.runId()));
            }
            List<Future<PodResult>> polls = new ArrayList<>();
            for (PodResult p : pods) {
                polls.add(p.state() == PodState.RUNNING ? each.submit(() -> poll(p, deadline)) : null);
            }
            for (int i = 0; i < polls.size(); i++) {
                if (polls.get(i) != null) {
                    set(i, polls.get(i).get());
                }
            }
            publish(false, null);
        }
    }

    /** The coordinator cannot follow the runs any more: cancel those still going, and say so in their rows. */
    private void abandon(ExecutorService each, String why) {
        boolean interrupted = Thread.interrupted(); // the DELETEs must still go out
        List<Future<PodResult>> cancels = new ArrayList<>();
        for (PodResult p : pods) {
            cancels.add(p.state() == PodState.RUNNING ? each.submit(() -> p.with(PodState.CANCELLED, null, why + "; " + cancelRun(p))) : null);
        }
        for (int i = 0; i < cancels.size(); i++) {
            if (cancels.get(i) != null) {
                try {
                    set(i, cancels.get(i).get());
                } catch (InterruptedException | ExecutionException e) {
                    set(i, pods.get(i).with(PodState.UNREACHABLE, null, why + "; cancelling its run failed: " + e));
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** DELETE on the pod's run; what came of it, in words for its row. */
    private String cancelRun(PodResult p) {
        try {
            int status = client.cancel(p.pod(), p.runId()).status();
            return status == 200 || status == 202 ? "its run was cancelled" : "cancelling its run answered HTTP " + status;
        } catch (IOException | PodClient.BadAnswer e) {
            return "cancelling its run failed: " + e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "cancelling its run was interrupted";
        }
    }

    private PodResult start(PodResult p) {
        try {
            PodClient.Answer a = startConnected(p.pod());
            if (a.status() == 202 || a.status() == 200) {
                String runId = a.body().path("id").asText("");
                if (!RUN_ID.matcher(runId).matches()) {
                    return p.with(PodState.FAILED, null, "malformed answer: started a run whose id is not a bench run id: "
                            + clip(a.body().path("id").toString()));
                }
                // a pod that took longer than the start delay to prepare starts at once, out of step: say so
                String late = Instant.now().isAfter(startAt)
                        ? "prepared after startAt: started late, its seconds are not aligned with the others'" : null;
                return new PodResult(p.pod(), PodState.RUNNING, runId, null, late);
            }
            return p.with(PodState.REFUSED, null, "HTTP " + a.status() + ": " + clip(describe(a.body())));
        } catch (PodClient.BadAnswer e) {
            return p.with(PodState.FAILED, null, "malformed answer: " + e.getMessage());
        } catch (IOException e) {
            return p.with(PodState.UNREACHABLE, null, clip(Causes.inWords(e)));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return p.with(PodState.UNREACHABLE, null, "interrupted");
        }
    }

    /**
     * The start request, sent again while its connection is refused or dropped before it was sent (a
     * {@link ConnectException}: the pod never saw it, so sending it again starts no second run) and {@code startAt} is
     * still ahead: a pod whose listener is a moment late (restarting, its accept queue full on a busy node) still
     * starts in step. FleetIT beside a CPU hog once saw a pod's HTTPS port refuse twice (the JDK's own retry included)
     * just after that pod had logged it listened. A timeout is not retried: it already took the request timeout.
     */
    private PodClient.Answer startConnected(URI pod) throws IOException, InterruptedException {
        for (int attempt = 1;; attempt++) {
            try {
                return client.start(pod, body.toString());
            } catch (ConnectException e) {
                if (Instant.now().plus(RECONNECT).isAfter(startAt)) {
                    throw attempt == 1 ? e : new ConnectException(attempt + " attempts until startAt, the last: " + Causes.inWords(e));
                }
                Thread.sleep(RECONNECT.toMillis());
            }
        }
    }

    private PodResult poll(PodResult p, Instant deadline) {
        try {
            PodClient.Answer a = client.get(p.pod(), p.runId());
            if (a.status() == 200) {
                try {
                    RunStatus status = RunStatus.valueOf(a.body().path("status").asText());
                    if (status.isTerminal()) {
                        return p.with(PodState.of(status), RunReportJson.read(a.body(), spec.loadModel()),
                                clip(a.body().path("error").asText(p.error())));
                    }
                    p = p.live(RunReportJson.progress(a.body()), a.body().path("errors").path("total").asLong());
                } catch (RuntimeException malformed) { // not a bench's report: this pod fails, the others go on
                    return p.with(PodState.FAILED, null, "malformed answer: " + clip(String.valueOf(malformed.getMessage()))
                            + "; " + cancelRun(p));
                }
            } else if (a.status() == 404) {
                return p.with(PodState.FAILED, null, "run " + p.runId() + " left the pod's history");
            }
        } catch (PodClient.BadAnswer e) {
            return p.with(PodState.FAILED, null, "malformed answer: " + e.getMessage() + "; " + cancelRun(p));
        } catch (IOException e) {
            if (Instant.now().isAfter(deadline)) {
                return p.with(PodState.UNREACHABLE, null, "lost during the run: " + e.getMessage() + "; " + cancelRun(p));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        // past its deadline a run still going would go on unattended: cancel it
        return Instant.now().isAfter(deadline) ? p.with(PodState.UNREACHABLE, null, "no end within the run's duration + "
                + grace.toMillis() + " ms; " + cancelRun(p)) : p;
    }

    private interface PodCall {
        void call(PodResult p) throws IOException, InterruptedException;
    }

    private void forRunning(ExecutorService each, PodCall call) {
        for (PodResult p : pods) {
            if (p.state() == PodState.RUNNING) {
                each.submit(() -> {
                    call.call(p);
                    return null;
                });
            }
        }
    }

    /** A pod's words in a row of the report: at most 200 characters of them. */
    private static String clip(String text) {
        return text == null || text.length() <= 200 ? text : text.substring(0, 200) + "…";
    }

    private static String describe(JsonNode body) {
        if (body.isObject()) {
            String error = body.path("error").asText("");
            String reason = body.hasNonNull("reason") ? body.get("reason").asText()
                    : body.hasNonNull("runningId") ? "runningId " + body.get("runningId").asText() : null;
            String field = body.hasNonNull("field") ? body.get("field").asText() + ": " : "";
            return error + (reason == null ? "" : " (" + field + reason + ")");
        }
        String text = body.asText();
        return text.length() > 200 ? text.substring(0, 200) + "…" : text;
    }

    private synchronized void set(int i, PodResult p) {
        pods.set(i, p);
    }

    private synchronized void publish(boolean ended, Instant finishedAt) {
        report = FleetReport.of(id(), ended, cancelRequested(), spec, startAt, startedAt(), finishedAt, pods);
    }

    static HttpClient http(Duration connectTimeout) {
        return http(connectTimeout, Optional.empty());
    }

    /** @param tls how the pods are trusted over https ({@link FleetTls}); empty: the JVM's default trust store */
    static HttpClient http(Duration connectTimeout, Optional<SSLContext> tls) {
        HttpClient.Builder builder = HttpClient.newBuilder().connectTimeout(connectTimeout).version(HttpClient.Version.HTTP_1_1);
        tls.ifPresent(builder::sslContext);
        return builder.build();
    }
}
