#!/usr/bin/env bash
# Runs the JMH benchmarks (service/src/test/java/**/benchmarks): ./scripts/jmh.sh [JMH options]
#   ./scripts/jmh.sh ValidatorBenchmark                 # all algorithms, ~3 minutes
#   ./scripts/jmh.sh ValidatorBenchmark -p alg=RS256    # one algorithm
#   ./scripts/jmh.sh SignatureBenchmark                 # JDK vs BouncyCastle, ES256 and EdDSA
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/jdk.sh
# -am resolves the sibling modules to their target/classes: nothing is installed into ~/.m2 (shared
# by every worktree with the same SNAPSHOT version).
./mvnw -B -q --no-transfer-progress -pl service -am test-compile dependency:build-classpath \
  -Dmdep.includeScope=test -Dmdep.outputFile=target/test-classpath.txt
exec java -cp "service/target/test-classes:service/target/classes:$(cat service/target/test-classpath.txt)" \
  org.openjdk.jmh.Main "$@"
