#!/usr/bin/env bash
# How precisely the open model keeps its schedule: health at the given rates, after one warm closed
# run, on the packaged service. Prints corrected p50 − uncorrected p50 (the generator's own lag at the
# median) and the schedule-lag distribution the report carries (generator.scheduleLagMs).
#   ./scripts/perf/pacing.sh [rate...]      (default: 500 500 3000; PORT=18500)
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/jdk.sh
command -v jq >/dev/null || { echo "needs jq: apt-get install -y jq" >&2; exit 1; }
rates=("$@"); [ ${#rates[@]} -gt 0 ] || rates=(500 500 3000)
port=${PORT:-18500}
jar=service/target/quarkus-app/quarkus-run.jar
[ -f "$jar" ] || ./mvnw -B -q --no-transfer-progress -pl service -am package -DskipTests
java -Dquarkus.http.port=$port -Dquarkus.bench.security.enabled=false -Dquarkus.bench.smoke.enabled=false \
  -Dquarkus.log.level=WARN -jar "$jar" >/dev/null 2>&1 &
server=$!
trap 'kill $server 2>/dev/null' EXIT
for _ in $(seq 1 60); do curl -sf "localhost:$port/q/health/live" >/dev/null && break; sleep 0.5; done
run() { curl -sf -X POST "localhost:$port/q/bench/runs?wait=true" -H 'Content-Type: application/json' -d "$1"; }
run '{"target":"health","connections":20,"duration":"5s","warmup":"2s","breakdown":false,"profile":false}' >/dev/null
for rate in "${rates[@]}"; do
  run "{\"target\":\"health\",\"rate\":$rate,\"duration\":\"5s\",\"warmup\":\"3s\"}" | jq -r '
    "rate \(.spec.rate): corrected p50 \(.latency.p50) ms, uncorrected p50 \(.uncorrectedLatency.p50) ms, " +
    "difference \((.latency.p50 - .uncorrectedLatency.p50) * 1000 | round / 1000) ms; schedule lag ms \(.generator.scheduleLagMs | tojson); " +
    "generator CPU \(.generator.cpuSeconds) s"'
done
