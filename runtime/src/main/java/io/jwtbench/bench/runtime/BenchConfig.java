package io.jwtbench.bench.runtime;

import io.quarkus.runtime.annotations.ConfigPhase;
import io.quarkus.runtime.annotations.ConfigRoot;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Run-time knobs of the bench. */
@ConfigMapping(prefix = "quarkus.bench")
@ConfigRoot(phase = ConfigPhase.RUN_TIME)
public interface BenchConfig {
    /** Whether the bench endpoints accept runs. */
    @WithDefault("true")
    boolean enabled();
}
