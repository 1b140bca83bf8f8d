#!/usr/bin/env bash
# Cross-checks the in-process bench against wrk and hey on the same machine, same endpoint,
# same connection count, back to back. Needs: wrk, hey, jq, curl (apt-get install -y wrk hey jq).
#   ./scripts/compare-with-wrk.sh [connections=50] [seconds=10] [rate=4000]    (PORT=18080 by default)
# Prints one line per tool: throughput, p50, p99, and the load generator's CPU per request.
# Bench runs use "breakdown":false,"profile":false: wrk runs have no JFR recording on the server either.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/jdk.sh
. scripts/perf/wrk-output.sh
for tool in wrk hey jq curl; do
  command -v "$tool" >/dev/null || { echo "needs $tool: apt-get install -y wrk hey jq curl" >&2; exit 1; }
done
conns=${1:-50}; secs=${2:-10}; rate=${3:-4000}
port=${PORT:-18080}
url="http://127.0.0.1:$port/q/health/live"
[ -f service/target/quarkus-app/quarkus-run.jar ] || ./mvnw -B -q --no-transfer-progress install -DskipTests

java -Dquarkus.http.port=$port -Dquarkus.bench.security.enabled=false \
  -Dquarkus.bench.smoke.enabled=false -Dquarkus.log.level=WARN -jar service/target/quarkus-app/quarkus-run.jar > target-compare.log 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; rm -f target-compare.log' EXIT
for _ in $(seq 1 60); do curl -sf "$url" >/dev/null && break; sleep 0.5; done

clk=$(getconf CLK_TCK)
cpu_of() {  # user+system seconds of a finished command, from /usr/bin/time's output file
  awk '{ printf "%.3f", $1 + $2 }' "$1"
}
bench() {  # $1: JSON spec; prints the report
  curl -sf -X POST "http://127.0.0.1:$port/q/bench/runs?wait=true" -H 'Content-Type: application/json' -d "$1"
}
# The JIT is still compiling for many seconds after start: warm the server with both clients
# (wrk, then a throw-away bench run) so that neither tool measures a cold server.
warm() {
  wrk -t1 -c"$conns" -d5s "$url" >/dev/null
  bench "{\"target\":\"health\",\"connections\":$conns,\"duration\":\"5s\"}" >/dev/null
}

printf '%-28s %10s %9s %9s %14s\n' tool req/s p50_ms p99_ms gen_cpu_us/req

warm
r=$(bench "{\"target\":\"health\",\"connections\":$conns,\"duration\":\"${secs}s\",\"warmup\":\"2s\",\"breakdown\":false,\"profile\":false}")
printf '%-28s %10.0f %9.3f %9.3f %14.2f\n' "bench closed c=$conns" \
  "$(jq .measured.rps <<<"$r")" "$(jq .latency.p50 <<<"$r")" "$(jq .latency.p99 <<<"$r")" \
  "$(jq '.generator.cpuSeconds / .measured.requests * 1e6' <<<"$r")"

out=$(/usr/bin/time -f '%U %S' -o /tmp/wrk.time wrk -t1 -c"$conns" -d"${secs}s" --latency "$url")
reqs=$(wrk_requests "$out")
printf '%-28s %10.0f %9s %9s %14.2f\n' "wrk -t1 c=$conns" \
  "$(wrk_rps "$out")" "$(wrk_p50 "$out")" "$(wrk_p99 "$out")" \
  "$(awk -v c="$(cpu_of /tmp/wrk.time)" -v n="$reqs" 'BEGIN { printf "%.2f", c / n * 1e6 }')"

r=$(bench "{\"target\":\"health\",\"rate\":$rate,\"connections\":$conns,\"duration\":\"${secs}s\",\"warmup\":\"2s\",\"breakdown\":false,\"profile\":false}")
printf '%-28s %10.0f %9.3f %9.3f %14.2f\n' "bench open rate=$rate" \
  "$(jq .measured.rps <<<"$r")" "$(jq .latency.p50 <<<"$r")" "$(jq .latency.p99 <<<"$r")" \
  "$(jq '.generator.cpuSeconds / .measured.requests * 1e6' <<<"$r")"

per_worker=$(( rate / conns ))
out=$(/usr/bin/time -f '%U %S' -o /tmp/hey.time hey -z "${secs}s" -c "$conns" -q "$per_worker" "$url")
reqs=$(awk '/responses/ && /\[200\]/ { print $2 }' <<<"$out")
printf '%-28s %10.0f %9.3f %9.3f %14.2f\n' "hey -q $per_worker c=$conns" \
  "$(awk '/Requests\/sec/ { print $2 }' <<<"$out")" \
  "$(awk '/ 50%/ { print $3 * 1000 }' <<<"$out")" "$(awk '/ 99%/ { print $3 * 1000 }' <<<"$out")" \
  "$(awk -v c="$(cpu_of /tmp/hey.time)" -v n="$reqs" 'BEGIN { printf "%.2f", c / n * 1e6 }')"
