#!/usr/bin/env bash
# Runs every test: unit, extension (QuarkusExtensionTest) and @QuarkusTest over real HTTP, the integration tests
# against the packaged service, then the package-cycle check of the bench runtime. When Maven fails, the last lines
# say what failed, a few lines a test (scripts/FailureDigest.java).
#   ./test.sh                                  everything, one Maven run, module after module
#   STREAMS=4 ./test.sh                        everything: one build, then four streams of tests at once
#   ./test.sh -pl service -am -Dtest=FooTest   extra arguments: one Maven run with them, nothing else
#
# STREAMS=4: most of a test's time is runs of a fixed duration, Quarkus applications starting and real components
# (Keycloak, packaged pods, Chromium) coming up, which take as long beside another test as alone. After one build
# that installs the modules, four streams run side by side, each line prefixed with its name:
#   timed        the tests that judge CPU or latency: the runtime's unit tests (they time servers of known delay),
#                then the classes tagged @Tag("timing") in deployment and service
#   extension    the deployment module's other tests
#   service      the service's other tests
#   integration  the service's integration tests against the packaged service, then the Dev UI's browser test
# The last three run at a lower CPU priority (nice 10): the scheduler gives the timed stream most of the CPU it asks
# for and the others what it leaves, so a measured run shares the machine with whatever else runs on it (a CI
# neighbour), not with the suite's own other streams. The streams share no files: each writes its own test
# classes' reports. Which tests judge CPU or latency, and so carry the tag: docs/decisions.md, "The test suite".
# It is not the default: on 2 cores it took 962 s against one run's 1115 s, and the niced streams got so little CPU
# that two of their tests failed; the suite needs more CPU than 2 cores give in that time (docs/decisions.md).
set -euo pipefail
cd "$(dirname "$0")"
. scripts/jdk.sh

if [ $# -gt 0 ] || [ "${STREAMS:-1}" = 1 ]; then
  since=$(( $(date +%s) * 1000 ))
  rc=0
  ./mvnw -B --no-transfer-progress verify "$@" || rc=$?
  if [ "$rc" != 0 ]; then
    # a log is read from its end: each failure's test and figures last, not a message's hundreds of lines of JSON
    "$JAVA_HOME/bin/java" scripts/FailureDigest.java "$since" . || true
    exit "$rc"
  fi
  scripts/package-cycles.sh
  exit
fi
[ "$STREAMS" = 4 ] || { echo "test.sh: STREAMS is 1 (the default) or 4, not $STREAMS" >&2; exit 2; }

start=$(date +%s)
echo "test.sh: building and installing every module, tests compiled, none run"
./mvnw -B --no-transfer-progress -q install -DskipTests
echo "test.sh: built in $(( $(date +%s) - start )) s; the four streams start"

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
# a stream's Maven runs at a CPU priority (nice), one after the other, each only if the one before passed
maven_at() { local nice=$1; shift; nice -n "$nice" bash -c "$(declare -f maven); $*"; }
rm -f "$logs"/*.rc
stream timed maven_at 0 "maven surefire:test -pl probe,runtime && maven surefire:test -pl deployment -Dgroups=timing \
  && maven surefire:test -pl service -Dgroups=timing" &
stream extension maven_at 10 "maven surefire:test -pl deployment -DexcludedGroups=timing" &
stream service maven_at 10 "maven surefire:test -pl service -DexcludedGroups=timing" &
stream integration maven_at 10 "maven failsafe:integration-test failsafe:verify -pl service && maven verify -pl devui-test" &
wait

failed=0
for name in timed extension service integration; do
  read -r rc seconds < "$logs/$name.rc" || { rc=1; seconds=?; }
  echo "test.sh: $name: $([ "$rc" = 0 ] && echo passed || echo FAILED) in $seconds s"
  [ "$rc" = 0 ] || failed=1
done
echo "test.sh: all streams done $(( $(date +%s) - start )) s after the start"
if [ "$failed" != 0 ]; then
  "$JAVA_HOME/bin/java" scripts/FailureDigest.java "$(( start * 1000 ))" . || true
  exit 1
fi
scripts/package-cycles.sh   # the bench runtime has no package cycles (jdeps on its classes)
