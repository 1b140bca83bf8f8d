#!/usr/bin/env bash
# Did this build get slower? Holds build NEW against build BASE on this machine, in pairs:
#   scripts/ab.sh BASE NEW [SPEC]
# BASE and NEW are two builds' target/quarkus-app/quarkus-run.jar (the same path twice: an A/A check of the
# instrument itself). Starts both (loopback only, bench security off), warms both up, measures what both
# sustain, then runs SPEC (default {"target":"jwt"}) on each at one fixed load in short segments, both at
# once or interleaved in randomized ABBA order, and judges the pairs' CPU per request (and, in a closed
# model, throughput) with a paired signed-rank interval; p50 and p99 are shown beside. The last line says
#   verdict: PASS: ...          exit 0  a slowdown of TOLERANCE is ruled out
#   verdict: REGRESSED: ...     exit 1  significantly slower, and a slowdown of TOLERANCE is not ruled out
#   verdict: INCONCLUSIVE: ...  exit 2  neither, within BUDGET
#   verdict: cannot judge: ...  exit 2  bad input, a build that does not start or answers errors, ...
# Both processes are stopped however it ends. docs/regression.md has the statistics and their measured rates.
#
# When BASE cannot run any more, measure it beforehand and keep that; NEW is then held against it:
#   SAVE=base.json scripts/ab.sh BASE [SPEC]     # LAUNCHES (default 3) JVM launches, one after the other: exit 2
#   AGAINST=base.json scripts/ab.sh NEW [SPEC]   # the same for NEW, then the verdict on the launches' medians
# with the machine's fingerprint and a CPU canary: INCONCLUSIVE, with the reason, when either moved. Both at once
# (AGAINST=base.json SAVE=new.json) hold NEW against the baseline and keep NEW's measurement for the next build.
#
# Settings (environment):
#   MODE=simultaneous|interleaved   how the pairs are taken (default simultaneous: docs/regression.md says why)
#   BUDGET=6m           the whole check, both JVMs' start and warm-up included; pairs are added up to it
#   TOLERANCE=5         percent of CPU per request (and throughput) that counts as a slowdown
#   LATENCY_TOLERANCE=10  percent for the p50 and p99 shown beside
#   SEGMENT=5s          each run of a pair (a "duration" in SPEC wins); each also warms up 1 s
#   INJECT=5%|6us       burn that much CPU per request on NEW only (the jwt target's slowdownUs): a slowdown of
#                       known size, to measure the check itself (scripts/ab-rates.sh); with SAVE or AGAINST, on the
#                       one build measured, a share of its own CPU per request (scripts/saved-rates.sh)
#   SEED=n              the ABBA order's seed (printed; default the clock)
#   JUNIT=file          also write the verdict as JUnit XML there, as bench-gate.sh does
#   PAIRS=file          also write every pair's figures there (CSV)
#   WARMUP=auto         the first warm-up (closed model, 16 connections): until the JIT is quiet, or a duration
#   AB_JAVA_OPTS=...    JVM options for both builds; BASE_JAVA_OPTS, NEW_JAVA_OPTS: for one (e.g. the same jar
#                       with two GC settings). Each build runs in its jar's directory: a config/application.properties
#                       there is that build's.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if [ $# -lt 1 ] || [ $# -gt 3 ]; then
  sed -n '2,4p' "$0" | sed 's/^# \{0,1\}//' >&2
  echo "verdict: cannot judge: give two builds' quarkus-run.jar (and optionally a spec), or one with SAVE= or AGAINST="
  exit 2
fi
java_home=$( . "$here/jdk.sh" >&2 && echo "$JAVA_HOME" ) || { echo "verdict: cannot judge: no JDK 21+ (see above)"; exit 2; }

# the check's own code comes from NEW's build (normally this checkout's), else BASE's
lib=""
jars=()
for arg in "$@"; do [[ "$arg" == *.jar ]] && jars=("$arg" "${jars[@]}"); done
for jar in "${jars[@]}"; do
  if ls "$(dirname "$jar")"/lib/main/io.jwtbench.bench-*.jar >/dev/null 2>&1; then lib="$(dirname "$jar")/lib/main"; break; fi
done
if [ -z "$lib" ]; then
  echo "verdict: cannot judge: none of ${jars[*]:-the arguments} is a jwt-bench build's quarkus-run.jar (no lib/main/io.jwtbench.bench-*.jar beside it)"
  exit 2
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/ab.XXXXXX")
driver=""
signalled=""
stop() {  # the driver stops the builds itself; this is for when it could not (killed, or stuck)
  local rc=$?
  [ -n "$driver" ] && kill -TERM "$driver" 2>/dev/null && wait "$driver" 2>/dev/null
  if [ -f "$work/pids" ]; then
    while read -r pid; do
      if grep -qa 'quarkus.bench.smoke.enabled=false' "/proc/$pid/cmdline" 2>/dev/null; then
        kill -TERM "$pid" 2>/dev/null
        for _ in $(seq 30); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
        kill -KILL "$pid" 2>/dev/null
      fi
    done < "$work/pids"
  fi
  if [ "$rc" -le 1 ] || [ ! -f "$work/pids" ]; then rm -rf "$work"; fi  # else the driver said where the logs are
  if [ -n "$signalled" ]; then
    echo "ab: the builds' logs are in $work"
    echo "verdict: cannot judge: stopped by $signalled before a verdict; every build it started is stopped"
  fi
}
trap stop EXIT
trap 'signalled=SIGINT; exit 2' INT
trap 'signalled=SIGTERM; exit 2' TERM
trap 'signalled=SIGHUP; exit 2' HUP

opts=(--work="$work")
for pair in MODE:mode BUDGET:budget TOLERANCE:tolerance LATENCY_TOLERANCE:latency-tolerance SEGMENT:segment \
            INJECT:inject SEED:seed WARMUP:warmup JUNIT:junit PAIRS:pairs AB_JAVA_OPTS:java-opts \
            BASE_JAVA_OPTS:base-java-opts NEW_JAVA_OPTS:new-java-opts SAVE:save AGAINST:against LAUNCHES:launches; do
  var=${pair%%:*}
  [ -n "${!var:-}" ] && opts+=("--${pair#*:}=${!var}")
done
"$java_home/bin/java" -cp "$lib/*" io.jwtbench.bench.runtime.ab.AbMain "$@" "${opts[@]}" &
driver=$!
wait "$driver"
rc=$?
driver=""
exit "$rc"
