package io.jwtbench.bench.runtime.server;

import org.eclipse.microprofile.config.ConfigProvider;

import io.quarkus.vertx.http.runtime.VertxHttpConfig;
import io.quarkus.vertx.http.runtime.management.ManagementConfig;
import io.smallrye.config.SmallRyeConfig;

/**
 * The application's HTTP settings as Quarkus itself maps them ({@code quarkus.http.*}, {@code quarkus.management.*}),
 * with Quarkus' own defaults and launch-mode rules (test ports), instead of their keys and defaults spelled again
 * here. Read from the running configuration's mappings, so it works from any class (a bean or not) at any time
 * after start-up; this is the one place the bench reads another extension's runtime settings.
 */
public final class QuarkusHttpConfig {
    private QuarkusHttpConfig() {
    }

    /** {@code quarkus.http.*}: ports, HTTP/2, limits, TLS configuration name, I/O threads, certificate files. */
    public static VertxHttpConfig http() {
        return config().getConfigMapping(VertxHttpConfig.class);
    }

    /** {@code quarkus.management.*}: the management interface's ports. */
    public static ManagementConfig management() {
        return config().getConfigMapping(ManagementConfig.class);
    }

    private static SmallRyeConfig config() {
        return ConfigProvider.getConfig().unwrap(SmallRyeConfig.class);
    }
}
