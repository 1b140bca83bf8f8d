#!/usr/bin/env bash
# Builds the service (tests skipped: ./test.sh runs them) and runs it on :8080 with the
# operator's ./application.properties layered over the built-in defaults.
set -euo pipefail
cd "$(dirname "$0")"
. scripts/jdk.sh
. scripts/jvm-defaults.sh
./mvnw -B --no-transfer-progress -q install -DskipTests
# shellcheck disable=SC2086
exec java $JVM_DEFAULTS ${JAVA_OPTS:-} -Dquarkus.config.locations="$PWD/application.properties" \
  -jar service/target/quarkus-app/quarkus-run.jar "$@"
