# Sourced by run.sh and scripts/perf-report.sh: the service's JVM options unless $JAVA_OPTS adds to
# them. src/main/docker/Dockerfile.jvm sets the same in JAVA_OPTS_APPEND. Each performance option is
# justified by a measured row in docs/performance.md.
# --enable-native-access: the Amazon Corretto Crypto Provider and Netty's epoll transport load native
# libraries; without it JDK 24+ prints a "restricted method" warning for each at start-up.
JVM_DEFAULTS="--enable-native-access=ALL-UNNAMED"
