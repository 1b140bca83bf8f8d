package io.jwtbench.bench.deployment;

import org.eclipse.microprofile.config.ConfigProvider;

import io.quarkus.smallrye.health.deployment.SmallRyeHealthBuildTimeConfig;
import io.quarkus.vertx.http.deployment.NonApplicationRootPathBuildItem;
import io.quarkus.vertx.http.runtime.management.ManagementInterfaceBuildTimeConfig;
import io.smallrye.config.SmallRyeConfig;

/**
 * Where SmallRye Health serves its liveness check, read through that extension's own build-time configuration
 * ({@code quarkus.smallrye-health.*}, with its defaults) and placed as it places its routes: on the management
 * interface when that is on and health has not left it. The health extension is an optional dependency of this
 * one, so only this class names it, and only a build that has the capability loads it.
 *
 * @param path         the absolute path of the liveness check
 * @param onManagement whether it is served on the management interface's port
 */
record HealthLiveness(String path, boolean onManagement) {

    static HealthLiveness of(NonApplicationRootPathBuildItem paths, ManagementInterfaceBuildTimeConfig management) {
        SmallRyeHealthBuildTimeConfig health = ConfigProvider.getConfig().unwrap(SmallRyeConfig.class)
                .getConfigMapping(SmallRyeHealthBuildTimeConfig.class);
        boolean onManagement = management.enabled() && health.managementEnabled();
        return new HealthLiveness(onManagement ? paths.resolveManagementNestedPath(health.rootPath(), health.livenessPath())
                : paths.resolveNestedPath(health.rootPath(), health.livenessPath()), onManagement);
    }
}
