#!/usr/bin/env bash
# Runs the JMH benchmarks of service/src/test/java (the benchmarks/ package, and validation/ValidatorPartsBenchmark):
#   ./scripts/jmh.sh [JMH options]
#   ./scripts/jmh.sh ValidatorBenchmark                 # all algorithms, ~3 minutes
#   ./scripts/jmh.sh ValidatorBenchmark -p alg=RS256    # one algorithm
#   ./scripts/jmh.sh SignatureBenchmark                 # JDK, BouncyCastle and ACCP for RS256, ES256, EdDSA (~3 minutes)
#   ./scripts/jmh.sh --main io.jwtbench.service.benchmarks.SignatureCpuTime   # the same in CPU time
# Compiles only when a source is newer than the last compiled classpath.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/jdk.sh
. scripts/stale.sh
classpath=service/target/test-classpath.txt
if [ ! -f "$classpath" ] || [ -n "$(newer_sources "$classpath")" ]; then
  ./mvnw -B -q --no-transfer-progress -pl service -am test-compile dependency:build-classpath \
    -Dmdep.includeScope=test -Dmdep.outputFile=target/test-classpath.txt
fi
main=(org.openjdk.jmh.Main)  # JMH forks its own JVMs; a plain main gets the benchmarks' heap
if [ "${1:-}" = "--main" ]; then main=(-Xms1g -Xmx1g "$2"); shift 2; fi
exec java -cp "service/target/test-classes:service/target/classes:$(cat "$classpath")" "${main[@]}" "$@"
