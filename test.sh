#!/usr/bin/env bash
# Runs every test: unit, extension (QuarkusExtensionTest) and @QuarkusTest over real HTTP, then
# the package-cycle check of the bench runtime.
# Extra arguments go to Maven, e.g. ./test.sh -pl service -Dtest=AttackTokensTest
set -euo pipefail
cd "$(dirname "$0")"
. scripts/jdk.sh
./mvnw -B --no-transfer-progress verify "$@"
scripts/package-cycles.sh   # the bench runtime has no package cycles (jdeps on its classes)
