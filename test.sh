#!/usr/bin/env bash
# Runs every test: unit, extension (QuarkusExtensionTest) and @QuarkusTest over real HTTP.
# Extra arguments go to Maven, e.g. ./test.sh -pl service -Dtest=AttackTokensTest
set -euo pipefail
cd "$(dirname "$0")"
. scripts/jdk.sh
exec ./mvnw -B --no-transfer-progress verify "$@"
