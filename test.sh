#!/usr/bin/env bash
# Runs every test: unit, extension (QuarkusExtensionTest) and @QuarkusTest over real HTTP, the integration tests
# against the packaged service, then the package-cycle check of the bench runtime.
#   ./test.sh                                  everything, one Maven run, module after module
#   STREAMS=3 ./test.sh                        everything: one build, then three streams of tests at once
#   ./test.sh -pl service -am -Dtest=FooTest   extra arguments: one Maven run with them, nothing else
#
# STREAMS=3: most of a test's time is runs of a fixed duration, Quarkus applications starting and real components
# (Keycloak, packaged pods, Chromium) coming up, which take as long beside another test as alone. After one build
# that installs the modules and the runtime's unit tests (alone: they time servers of known delay to the
# microsecond), three streams run side by side, each line prefixed with its name: `extension` (the deployment
# module's tests), `service` (the service's tests) and `integration` (the service's integration tests against the
# packaged service, then the Dev UI's browser test). The streams share no files: each writes its own module's or
# report folder. It takes about 60 % of the serial run's time, but the tests that judge CPU and latency then share
# the machine with each other; a few still fail that way on a busy machine (docs/decisions.md, "The test suite"),
# so it is not the default yet.
set -euo pipefail
cd "$(dirname "$0")"
. scripts/jdk.sh

if [ $# -gt 0 ] || [ "${STREAMS:-1}" = 1 ]; then
  ./mvnw -B --no-transfer-progress verify "$@"
  scripts/package-cycles.sh
  exit
fi
[ "$STREAMS" = 3 ] || { echo "test.sh: STREAMS is 1 (the default) or 3, not $STREAMS" >&2; exit 2; }

start=$(date +%s)
echo "test.sh: building and installing every module, tests compiled, none run"
./mvnw -B --no-transfer-progress -q install -DskipTests
echo "test.sh: built in $(( $(date +%s) - start )) s; the runtime's unit tests, alone (they time a server of known delay)"
./mvnw -B --no-transfer-progress surefire:test -pl probe,runtime
echo "test.sh: $(( $(date +%s) - start )) s; the three streams start"

logs=target/test-streams
mkdir -p "$logs"
maven() { ./mvnw -B --no-transfer-progress "$@"; }
stream() {  # name, then a command: its lines prefixed with its name, its exit code and seconds in $logs/name.rc
  local name=$1; shift
  local began=$(date +%s)
  set +e
  "$@" 2>&1 | sed -u "s/^/[$name] /"
  local rc=${PIPESTATUS[0]}
  set -e
  echo "$rc $(( $(date +%s) - began ))" > "$logs/$name.rc"
}
rm -f "$logs"/*.rc
stream extension maven verify -pl deployment &
stream service maven surefire:test -pl service &
# the integration tests take about half as long as the others: the Dev UI's browser test after them
stream integration bash -c "$(declare -f maven); maven failsafe:integration-test failsafe:verify -pl service && maven verify -pl devui-test" &
wait

failed=0
for name in extension service integration; do
  read -r rc seconds < "$logs/$name.rc" || { rc=1; seconds=?; }
  echo "test.sh: $name: $([ "$rc" = 0 ] && echo passed || echo FAILED) in $seconds s"
  [ "$rc" = 0 ] || failed=1
done
echo "test.sh: all streams done $(( $(date +%s) - start )) s after the start"
[ "$failed" = 0 ] || exit 1
scripts/package-cycles.sh   # the bench runtime has no package cycles (jdeps on its classes)
