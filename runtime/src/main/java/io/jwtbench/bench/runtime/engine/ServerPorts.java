package io.jwtbench.bench.runtime.engine;

import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import io.jwtbench.bench.runtime.server.QuarkusHttpConfig;
import io.quarkus.runtime.LaunchMode;
import io.quarkus.vertx.http.HttpServer;
import io.quarkus.vertx.http.HttpServerStart;

/**
 * The ports this application actually listens on, random and test ports included.
 *
 * <p>
 * Quarkus publishes, once bound, the server's actualPort() through the {@link HttpServer} bean
 * (backed by its value registry). In 3.37 the management port is only published there when it
 * differs from the configured one (a random port), so the configured port, for the current launch
 * mode, is the next answer; the {@link HttpServerStart} event is the last resort for the main port.
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
        if (port <= 0) {
            port = configured(managementInterface);
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

    private static int configured(boolean managementInterface) {
        LaunchMode mode = LaunchMode.current();
        return managementInterface ? QuarkusHttpConfig.management().determinePort(mode)
                : QuarkusHttpConfig.http().determinePort(mode);
    }
}
