# Sourced by run.sh and scripts/perf-report.sh: the service's JVM options unless $JAVA_OPTS adds to
# them. src/main/docker/Dockerfile.jvm sets the same in JAVA_OPTS_APPEND. Each one is justified by a
# measured row in docs/performance.md.
JVM_DEFAULTS=""
