#!/usr/bin/env bash
# What reports a caller posts cost the service: the CPU of one regression on two reports of 8,000 components, and on
# the largest pair the service accepts (256 components and 601 seconds a side), then the heap after GC before and
# after runs posted with the review's baseline (4 MB of empty per-second samples). Against a running service
# whose bench is open (QUARKUS_BENCH_SECURITY_ENABLED=false) and whose process id is given, on this machine
# (its CPU from /proc, its heap after GC from jcmd):
#   scripts/perf/posted-reports.sh http://localhost:8080 <pid>
# Needs curl, jq and the JDK's jcmd.
set -euo pipefail
BASE=${1:?base URL, e.g. http://localhost:8080}
PID=${2:?the process id of the service}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
TICK_MS=$((1000 / $(getconf CLK_TCK)))

cpu_ms() { awk -v t="$TICK_MS" '{print ($14 + $15) * t}' "/proc/$PID/stat"; }
heap_after_gc_mb() {
  jcmd "$PID" GC.run >/dev/null
  jcmd "$PID" GC.run >/dev/null
  jcmd "$PID" GC.heap_info | awk '/used/ {for (i = 1; i <= NF; i++) if ($i == "used") {v = $(i + 1); sub(/K,?/, "", v); print int(v / 1024); exit}}'
}
post() { # path body-file -> status, and the service's CPU for it
  local before after status
  before=$(cpu_ms)
  status=$(curl -s -o "$TMP/answer" -w '%{http_code}' -X POST "$BASE$1?wait=true" -H 'Content-Type: application/json' \
    --data-binary @"$2")
  after=$(cpu_ms)
  echo "HTTP $status, $((after - before)) ms of the service's CPU, $(stat -c %s "$2") bytes posted: $(head -c 160 "$TMP/answer")"
}

curl -sf -X POST "$BASE/q/bench/runs?wait=true" -H 'Content-Type: application/json' \
  -d '{"target":"health","connections":1,"duration":"2s"}' > "$TMP/real.json"
shaped() { # components seconds: the real report without its flame graph, as small as the review's (8,000: 641 KB a pair)
  jq -c --argjson n "$1" --argjson s "$2" 'del(.profile.flame) | .profile.components = [range($n) | {component: "c\(.)",
    cpuUsPerRequest: (. * 0.01)}] | .timeSeries = [range(1; $s + 1) | {second: ., requests: 1000, rps: 1000, p50: 0.2,
    p90: 0.3, p99: 0.5, errors: 0}]' "$TMP/real.json"
}
regression_body() { jq -cn --slurpfile r "$1" '{baseline: $r[0], current: $r[0]}'; }

shaped 8000 10 > "$TMP/r8000.json"; regression_body "$TMP/r8000.json" > "$TMP/v8000.json"
shaped 256 601 > "$TMP/r256.json"; regression_body "$TMP/r256.json" > "$TMP/v256.json"
# the largest pair the service reads: 256 components and 601 s a side, each padded to about 1 MB with a key a
# regression does not read (95,000 numbers: within the 200,000 JSON tokens a report may have)
jq -c '.padding = [range(95000) | 10000000 + .]' "$TMP/r256.json" > "$TMP/r256-padded.json"
regression_body "$TMP/r256-padded.json" > "$TMP/v256-padded.json"
post /q/bench/regression "$TMP/v256.json" >/dev/null # compiled once
for i in 1 2 3; do echo "regression, 8,000 components a side: $(post /q/bench/regression "$TMP/v8000.json")"; done
for i in 1 2 3; do echo "regression, 256 components and 601 s a side: $(post /q/bench/regression "$TMP/v256.json")"; done
for i in 1 2 3; do echo "regression, the same padded to 1 MB a side: $(post /q/bench/regression "$TMP/v256-padded.json")"; done

# the review's baseline: a real report's required fields and 1.3 million empty seconds (about 4 MB)
jq -c '{id, reportFormat, status, target, loadModel, spec, measured, latency: {histogram: .latency.histogram}}' "$TMP/real.json" \
  > "$TMP/minimal.json"
{ printf '{"target":"health","connections":1,"duration":"1s","baseline":'; head -c -2 "$TMP/minimal.json"
  printf ',"timeSeries":['; awk 'BEGIN { for (i = 1; i < 1300000; i++) printf "{}," }'; printf '{}]}}'; } > "$TMP/attack.json"
# the same, cut to the 1 MB a run's body may have now: 340,000 empty seconds
{ printf '{"target":"health","connections":1,"duration":"1s","baseline":'; head -c -2 "$TMP/minimal.json"
  printf ',"timeSeries":['; awk 'BEGIN { for (i = 1; i < 340000; i++) printf "{}," }'; printf '{}]}}'; } > "$TMP/attack-1m.json"
echo "heap after GC before: $(heap_after_gc_mb) MB"
for i in 1 2; do
  echo "run with the review's baseline: $(post /q/bench/runs "$TMP/attack.json")"
  echo "heap after GC: $(heap_after_gc_mb) MB"
  echo "run with it cut to 1 MB: $(post /q/bench/runs "$TMP/attack-1m.json")"
  echo "heap after GC: $(heap_after_gc_mb) MB"
done
