#!/usr/bin/env bash
# What the instrumentation costs: the same bench with all of it off ("breakdown":false,"profile":false:
# no JFR at all) and on (phases, JVM facts and the CPU profile), back to back in ABBA order (off on,
# on off, off on, ...) so drift and order effects hit both alike. OFF and ON are the spec fragments
# compared; e.g. ON='"breakdown":false,"profile":true' measures the profile (and JVM facts) alone.
# Prints, per run, the throughput and the process CPU spent per request (server + generator + JFR stream; from the report's
# generator.cpuSeconds / generator.cpuShareOfProcess), then the on/off ratios of the means. On a busy
# machine throughput swings with the neighbours' load; CPU per request is much steadier.
#
#   QUARKUS_BENCH_SECURITY_ENABLED=false ./run.sh &     # a service to measure
#   scripts/breakdown-cost.sh                                # defaults below
#   PAIRS=5 DURATION=10s SPEC='"target":"jwt","connections":50,"tokens":1' scripts/breakdown-cost.sh
#   ON='"breakdown":true,"profile":false' scripts/breakdown-cost.sh   # phases and JVM facts only
#   ON='"breakdown":false,"profile":true' scripts/breakdown-cost.sh   # the CPU profile and JVM facts only
#
# BASE (default http://localhost:8080) must allow POST /q/bench/runs (see docs/security-bench.md, "Who may run a bench").
set -euo pipefail
BASE=${BASE:-http://localhost:8080}
PAIRS=${PAIRS:-3}
DURATION=${DURATION:-5s}
WARMUP=${WARMUP:-2s}
SPEC=${SPEC:-'"target":"jwt","connections":50,"tokens":1000'}
OFF=${OFF:-'"breakdown":false,"profile":false'}
ON=${ON:-'"breakdown":true,"profile":true'}

run() { # $1 = a spec fragment (OFF or ON); prints "rps cpu-us-per-request"
  curl -sf -X POST "$BASE/q/bench/runs?wait=true" -H 'Content-Type: application/json' \
    -d "{$SPEC,\"duration\":\"$DURATION\",\"warmup\":\"$WARMUP\",$1}" |
    jq -r '"\(.measured.rps) \(.generator.cpuSeconds / .generator.cpuShareOfProcess / .measured.requests * 1e6)"'
}

echo "spec: {$SPEC}, off {$OFF} vs on {$ON}, $PAIRS pairs of $DURATION runs ($WARMUP warm-up each), ABBA order"
run "$OFF" >/dev/null # JIT warm-up of the whole path, not counted
results=()
for i in $(seq "$PAIRS"); do
  if (( i % 2 )); then off=$(run "$OFF"); on=$(run "$ON"); else on=$(run "$ON"); off=$(run "$OFF"); fi
  read -r off_rps off_cpu <<<"$off"; read -r on_rps on_cpu <<<"$on"
  printf 'pair %d: off %9.1f req/s %7.1f us CPU/req   on %9.1f req/s %7.1f us CPU/req\n' \
    "$i" "$off_rps" "$off_cpu" "$on_rps" "$on_cpu"
  results+=("[$off_rps,$off_cpu,$on_rps,$on_cpu]")
done
printf '%s\n' "${results[@]}" | jq -s -r '
  def mean(i): map(.[i]) | add / length;
  "mean: off \(mean(0) | round) req/s, \(mean(1) * 10 | round / 10) us CPU/req; on \(mean(2) | round) req/s, \(mean(3) * 10 | round / 10) us CPU/req",
  "on/off: throughput \(mean(2) / mean(0) * 1000 | round / 10) %, CPU per request \(mean(3) / mean(1) * 1000 | round / 10) %"'
