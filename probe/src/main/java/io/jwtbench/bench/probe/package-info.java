/**
 * The probe API: what an application calls to tell the bench where the time of its requests goes.
 *
 * <pre>
 * long t = Phases.start();              // 0 when no breakdown records: one static flag read
 * t = Phases.lap("jwt.parse", t);       // ends a phase, starts the next
 * Phases.end("jwt.signature", t);
 * </pre>
 *
 * This artifact ({@code io.jwtbench:bench-probe}) holds only {@link io.jwtbench.bench.probe.Phases},
 * the JFR {@link io.jwtbench.bench.probe.PhaseEvent} it records, and the one hook the bench runtime
 * installs ({@link io.jwtbench.bench.probe.RequestPhases}). It depends on the JDK alone, so code with
 * no framework dependency (the service's validator) can name its phases without pulling in the bench
 * extension, Quarkus or Vert.x. Without the bench, or while no breakdown records, every call costs one
 * read of a static JFR flag: no clock read, no allocation.
 */
package io.jwtbench.bench.probe;
