#!/usr/bin/env bash
# Runs the JMH benchmarks: ./benchmarks/run.sh [JMH options], e.g.
#   ./benchmarks/run.sh ValidatorBenchmark -p alg=RS256
# Builds the project first (tests skipped), then runs JMH on the module's classpath.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/jdk.sh
./mvnw -B -q --no-transfer-progress install -DskipTests
./mvnw -B -q --no-transfer-progress -pl benchmarks dependency:build-classpath -Dmdep.outputFile=target/classpath.txt
exec java -cp "benchmarks/target/classes:$(cat benchmarks/target/classpath.txt)" org.openjdk.jmh.Main "$@"
