package io.jwtbench.bench.runtime.targets;

import java.util.Map;

import io.jwtbench.bench.runtime.spi.BenchRequest;
import io.jwtbench.bench.runtime.spi.BenchSpecException;
import io.jwtbench.bench.runtime.spi.BenchTarget;
import io.jwtbench.bench.runtime.spi.RequestSource;

/**
 * The built-in target: GET on the liveness check, a baseline of what the server costs without any
 * application work. Registered only when the SmallRye Health extension is present; the path is
 * resolved at build time (root path, non-application root, health root, management interface).
 */
public final class HealthTarget implements BenchTarget {
    private final String path;
    private final boolean managementInterface;

    public HealthTarget(String path, boolean managementInterface) {
        this.path = path;
        this.managementInterface = managementInterface;
    }

    @Override
    public String name() {
        return "health";
    }

    @Override
    public String description() {
        return "GET " + path + (managementInterface ? " on the management interface" : "") + " (liveness check)";
    }

    @Override
    public RequestSource prepare(Map<String, Object> options) {
        footprint(options); // refuses any option
        return RequestSource.always(BenchRequest.get(path), Map.of("path", path));
    }

    /** Nothing worth counting; and no option, which the bench learns before it checks whether it is free. */
    @Override
    public Map<String, Long> footprint(Map<String, Object> options) {
        if (!options.isEmpty()) {
            throw new BenchSpecException(options.keySet().iterator().next(),
                    "unknown option: the health target takes none");
        }
        return Map.of();
    }

    @Override
    public boolean onManagementInterface() {
        return managementInterface;
    }
}
