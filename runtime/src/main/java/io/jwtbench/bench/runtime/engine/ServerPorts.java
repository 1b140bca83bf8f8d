package io.jwtbench.bench.runtime.engine;

import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import io.quarkus.vertx.http.HttpServer;
import io.quarkus.vertx.http.HttpServerStart;

/**
 * The ports this application actually listens on, random and test ports included. Quarkus publishes
 * them, once bound, through the {@link HttpServer} bean (backed by its value registry, filled from
 * the server's actualPort()). The {@link HttpServerStart} event is the fallback for the main port.
 */
@Singleton
public class ServerPorts {
    @Inject
    Instance<HttpServer> server;

    private volatile int portFromStartEvent = -1;

    void onStart(@Observes HttpServerStart start) {
        portFromStartEvent = start.options().getPort();
    }

    /** @throws IllegalStateException when the port is not known (e.g. HTTP is disabled, HTTPS only) */
    public int port(boolean managementInterface) {
        int port = -1;
        if (server.isResolvable()) {
            port = managementInterface ? server.get().getManagementPort() : server.get().getPort();
        }
        if (port <= 0 && !managementInterface) {
            port = portFromStartEvent;
        }
        if (port <= 0) {
            throw new IllegalStateException("the application's " + (managementInterface ? "management" : "HTTP")
                    + " port is unknown: is the plain HTTP " + (managementInterface ? "management interface" : "server")
                    + " enabled and started?");
        }
        return port;
    }
}
