package io.jwtbench.bench.runtime.api;

/** What a report route renders: a subject (run, runs, sweep, compare) in a format (HTML, benchmark-data.json, JUnit XML). */
public enum ReportKind {
    RUN_HTML,
    RUN_DATA,
    RUN_JUNIT,
    RUNS_HTML,
    RUNS_PROFILE_DIFF,
    SWEEP_HTML,
    SWEEP_DATA,
    COMPARE_HTML,
    COMPARE_DATA,
    FLEET_HTML
}
