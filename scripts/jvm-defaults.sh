# Sourced by run.sh and the scripts that start the packaged service: the service's JVM options unless $JAVA_OPTS adds to
# them. src/main/docker/Dockerfile.jvm sets the same in JAVA_OPTS_APPEND. Each performance option is
# justified by a measured row in docs/performance.md.
# --enable-native-access: the Amazon Corretto Crypto Provider and Netty's epoll transport load native
# libraries; without it JDK 24+ prints a "restricted method" warning for each at start-up.
# -XX:+DebugNonSafepoints: the JIT keeps debug information at every instruction, not only at safepoints, so the bench's
# CPU profile names a sample in inlined code by the method it is in; without it a sample takes the nearest safepoint's
# frames, which can be another method's (a profile once named an HTTP/2 stream's handler inside an HTTP/1.1 request).
# It costs some code-cache memory for the extra debug information, no instructions.
JVM_DEFAULTS="--enable-native-access=ALL-UNNAMED -XX:+UnlockDiagnosticVMOptions -XX:+DebugNonSafepoints"
