package io.jwtbench.service.kubernetes;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Properties;

/**
 * The service's built-in configuration (service/src/main/resources/application.properties) as the
 * packaged application sees it in the {@code prod} profile, i.e. in a pod: {@code %prod.key} wins
 * over {@code key}, and Quarkus' own default applies when neither is set.
 */
final class AppConfig {
    static final Path FILE = Path.of("src/main/resources/application.properties");
    private final Properties properties = new Properties();

    private AppConfig() {
    }

    static AppConfig load() throws IOException {
        AppConfig config = new AppConfig();
        try (Reader reader = Files.newBufferedReader(FILE)) {
            config.properties.load(reader);
        }
        return config;
    }

    String get(String key, String quarkusDefault) {
        String prod = properties.getProperty("%prod." + key);
        return prod != null ? prod.trim() : properties.getProperty(key, quarkusDefault).trim();
    }

    boolean managementEnabled() {
        return Boolean.parseBoolean(get("quarkus.management.enabled", "false"));
    }

    /** The port the probes must use: the management interface's when enabled, else the HTTP port. */
    int probePort() {
        return managementEnabled() ? Integer.parseInt(get("quarkus.management.port", "9000"))
                : Integer.parseInt(get("quarkus.http.port", "8080"));
    }

    /** {@code /q/health/<kind>} as configured (non-application root, health root, kind's path). */
    String healthPath(String kind) {
        String root = strip(get("quarkus.http.non-application-root-path", "q"));
        if (managementEnabled()) {
            root = strip(get("quarkus.management.root-path", "q"));
        }
        String health = strip(get("quarkus.smallrye-health.root-path", "health"));
        String leaf = strip(get("quarkus.smallrye-health." + kind + "-path", switch (kind) {
            case "liveness" -> "live";
            case "readiness" -> "ready";
            case "startup" -> "started";
            default -> throw new IllegalArgumentException(kind);
        }));
        return "/" + root + "/" + health + "/" + leaf;
    }

    boolean smokeEnabled() {
        return Boolean.parseBoolean(get("quarkus.bench.smoke.enabled", "false"));
    }

    Duration smokeDuration() {
        return duration(get("quarkus.bench.smoke.duration", "5s"));
    }

    Duration smokeWarmup() {
        return duration(get("quarkus.bench.smoke.warmup", "2s"));
    }

    /** Quarkus' duration syntax: a number with ms, s, m or h, or ISO-8601. */
    static Duration duration(String text) {
        String t = text.trim();
        if (t.startsWith("P") || t.startsWith("p")) {
            return Duration.parse(t);
        }
        if (t.endsWith("ms")) {
            return Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2)));
        }
        long n = Long.parseLong(t.substring(0, t.length() - 1));
        return switch (t.charAt(t.length() - 1)) {
            case 's' -> Duration.ofSeconds(n);
            case 'm' -> Duration.ofMinutes(n);
            case 'h' -> Duration.ofHours(n);
            default -> throw new IllegalArgumentException("not a duration: " + text);
        };
    }

    private static String strip(String path) {
        String p = path;
        while (p.startsWith("/")) {
            p = p.substring(1);
        }
        while (p.endsWith("/")) {
            p = p.substring(0, p.length() - 1);
        }
        return p;
    }
}
