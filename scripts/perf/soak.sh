#!/usr/bin/env bash
# What finished runs keep on the heap: mixed 8 s runs one after another against a running service whose bench is
# open (QUARKUS_BENCH_SECURITY_ENABLED=false), the heap after GC read with jcmd after each (two full GCs first).
# Start the packaged service as the Deployment sizes it (a 768 MB memory limit: a 192 MB heap at the JVM's
# default share), e.g.
#   java -XX:MaxRAM=768m -Dquarkus.bench.security.enabled=false -Dquarkus.bench.smoke.enabled=false \
#        -jar service/target/quarkus-app/quarkus-run.jar &
#   scripts/perf/soak.sh http://localhost:8080 $! 17
# Prints one line per run: its spec, its status, its report (JSON) and profile.folded sizes, the heap after GC.
# Needs curl, jq and the JDK's jcmd.
set -euo pipefail
BASE=${1:?base URL, e.g. http://localhost:8080}
PID=${2:?the process id of the service}
RUNS=${3:-17}
SPECS=(
  '{"target":"health","connections":64,"duration":"8s","warmup":"2s"}'
  '{"target":"jwt","rate":2000,"duration":"8s","warmup":"2s","breakdown":true}'
  '{"target":"jwt","connections":16,"duration":"8s","warmup":"2s","tokens":2000}'
  '{"target":"health","rate":4000,"duration":"8s","warmup":"2s","jfr":true}'
  '{"target":"jwt","connections":8,"duration":"8s","warmup":"2s","invalidRatio":0.1,"breakdown":true}'
)
heap_after_gc_mb() {
  jcmd "$PID" GC.run >/dev/null
  jcmd "$PID" GC.run >/dev/null
  jcmd "$PID" GC.heap_info | awk '/used/ {for (i = 1; i <= NF; i++) if ($i == "used") {v = $(i + 1); sub(/K,?/, "", v); print int(v / 1024); exit}}'
}
max_heap_mb() { jcmd "$PID" VM.flags | tr ' ' '\n' | awk -F= '/MaxHeapSize/ {print int($2 / 1048576); exit}'; }

for ((t = 0; t < 120; t++)); do # until the bench answers
  curl -sf -o /dev/null "$BASE/q/bench/runs" && break
  sleep 1
done
echo "max heap $(max_heap_mb) MB; heap after GC before the first run: $(heap_after_gc_mb) MB"
start=$(date +%s)
for ((i = 0; i < RUNS; i++)); do
  spec=${SPECS[$((i % ${#SPECS[@]}))]}
  report=$(curl -sf -X POST "$BASE/q/bench/runs?wait=true" -H 'Content-Type: application/json' -d "$spec")
  id=$(jq -r .id <<<"$report")
  folded=$(curl -s "$BASE/q/bench/runs/$id/profile.folded" | wc -c)
  printf 'run %2d %s %-9s report %4d KB, profile.folded %4d KB; heap after GC %4d MB  %s\n' $((i + 1)) "$id" \
    "$(jq -r .status <<<"$report")" $(($(wc -c <<<"$report") / 1024)) $((folded / 1024)) "$(heap_after_gc_mb)" "$spec"
done
echo "$RUNS runs in $(($(date +%s) - start)) s; the history keeps $(curl -s "$BASE/q/bench/runs" | jq '.runs | length') runs"
