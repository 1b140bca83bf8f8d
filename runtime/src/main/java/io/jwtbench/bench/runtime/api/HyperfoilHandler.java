package io.jwtbench.bench.runtime.api;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Optional;

import io.jwtbench.bench.runtime.engine.Bench;
import io.jwtbench.bench.runtime.engine.Run;
import io.jwtbench.bench.runtime.plan.SpecException;
import io.jwtbench.bench.runtime.report.HyperfoilYaml;
import io.vertx.ext.web.RoutingContext;

/**
 * {@code GET /q/bench/runs/{id}/hyperfoil.yaml}: the run's load as a Hyperfoil benchmark. It sends to
 * where the run sent ({@code http://127.0.0.1:<port>}), or to {@code ?host=https://service:8443} for
 * load from other machines. It holds no secret (see {@link HyperfoilYaml}), so it needs no more than
 * the run's other renderings.
 */
final class HyperfoilHandler extends BenchHandler {
    private static final Runs RUNS = new Runs();

    @Override
    void handle(RoutingContext rc, Bench bench) {
        if (!Replies.readOnly(rc)) {
            return;
        }
        Optional<Run> found = RUNS.findOrNotFound(rc, bench);
        if (found.isEmpty()) {
            return;
        }
        Run run = found.get();
        URI origin;
        try {
            Replies.takesOnly(rc, "host");
        } catch (SpecException e) {
            Replies.invalid(rc, "invalid query", e);
            return;
        }
        try {
            origin = origin(rc, run);
        } catch (IllegalArgumentException e) {
            Replies.json(rc, 400, Replies.error("host", e.getMessage()));
            return;
        }
        rc.response().putHeader("Content-Type", "application/yaml")
                .putHeader("Content-Disposition", "inline; filename=\"hyperfoil-" + run.id() + ".yaml\"")
                .end(HyperfoilYaml.of(run.id(), run.spec(), run.exportedRequest(), origin));
    }

    /** {@code ?host=}, else the run's own endpoint, else (not started yet) the server that was asked. */
    private static URI origin(RoutingContext rc, Run run) {
        String host = rc.request().getParam("host");
        if (host == null) {
            String endpoint = run.report().endpoint();
            return URI.create(endpoint != null ? endpoint : rc.request().scheme() + "://" + rc.request().authority());
        }
        URI uri;
        try {
            uri = new URI(host);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("not a URL: " + e.getMessage());
        }
        if (!("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) || uri.getHost() == null
                || !(uri.getRawPath() == null || uri.getRawPath().isEmpty() || uri.getRawPath().equals("/"))
                || uri.getRawQuery() != null) {
            throw new IllegalArgumentException("give an origin such as https://service.example:8443 (http or https, no path)");
        }
        if (uri.getPort() == 0 || uri.getPort() > 65535) { // URI takes any digits; -1 is "none given"
            throw new IllegalArgumentException("port " + uri.getPort() + " is not a TCP port (1 to 65535)");
        }
        return uri;
    }
}
