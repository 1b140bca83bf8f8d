#!/usr/bin/env bash
# Cross-checks the bench's TLS client against h2load (nghttp2) on the same machine, same HTTPS endpoint,
# same connection count, back to back: TLS HTTP/1.1, and HTTP/2 with 10 streams per connection, on each server TLS
# engine (the application's HTTPS port on BoringSSL, quarkus.bench.server-tls.engine=auto, and the bench's loopback
# listener on the JDK's, whose port a run's endpoint names). Then asks the bench what TLS and HTTP/2 cost on this pod
# (a transport compare).
# Needs: h2load, jq, curl, openssl (apt-get install -y nghttp2-client jq curl openssl).
#   ./scripts/compare-with-h2load.sh [connections=50] [seconds=10]      (PORT=18080, TLS_PORT=18443 by default)
# Prints one line per client: throughput, mean latency (h2load gives no percentiles) and the client's CPU per
# request (a bench row says when its JVM was not steady, and why); then the compare's table. Bench rows use
# "profile":false: h2load runs have no JFR on the server either.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/jdk.sh
. scripts/jvm-defaults.sh
. scripts/tls-service.sh
for tool in h2load jq curl openssl; do
  command -v "$tool" >/dev/null || { echo "needs $tool: apt-get install -y nghttp2-client jq curl openssl" >&2; exit 1; }
done
conns=${1:-50}; secs=${2:-10}
port=${PORT:-18080}; tls_port=${TLS_PORT:-18443}
[ -f service/target/quarkus-app/quarkus-run.jar ] || ./mvnw -B -q --no-transfer-progress install -DskipTests

work=$(mktemp -d)
trap 'kill $server 2>/dev/null; rm -rf "$work"' EXIT
start_tls_service -Dquarkus.log.level=WARN

bench() {  # $1: JSON spec; prints the report
  curl -sf -X POST "http://127.0.0.1:$port/q/bench/runs?wait=true" -H 'Content-Type: application/json' -d "$1"
}
h2() {  # $1: label, then h2load's arguments; one line: req/s, mean latency, CPU per request (against $url)
  local label=$1; shift
  local out
  out=$(/usr/bin/time -f '%U %S' -o "$work/h2load.time" h2load -t1 -c"$conns" -D"$secs" "$@" "$url")
  local reqs rps mean
  reqs=$(awk '/^requests:/ { print $8 }' <<<"$out")   # "requests: N total, N started, N done, N succeeded, ..."
  rps=$(awk '/^finished in/ { gsub(",", "", $4); print $4 }' <<<"$out")
  mean=$(awk '/^time for request:/ { print $6 }' <<<"$out")
  printf '%-34s %10.0f %12s %14.2f\n' "$label" "$rps" "$mean" \
    "$(awk -v f="$work/h2load.time" -v n="$reqs" 'BEGIN { getline l < f; split(l, t, " "); printf "%.2f", (t[1] + t[2]) / n * 1e6 }')"
}

bench_row() {  # $1: label, $2: JSON spec; one line like h2()'s
  local r
  r=$(bench "$2")
  printf '%-34s %10.0f %12s %14.2f  %s\n' "$1" "$(jq .measured.rps <<<"$r")" "$(jq -r '"\(.latency.mean)ms"' <<<"$r")" \
    "$(jq '.generator.cpuSeconds / .measured.requests * 1e6' <<<"$r")" \
    "$(jq -r 'if .steady.steady == false then "not steady: " + (.steady.reasons | join("; ")) else "" end' <<<"$r")"
}
printf '%-34s %10s %12s %14s\n' client req/s mean_latency client_cpu_us/req
endpoint() {  # $1: server engine; the run's endpoint says where it serves: the application's port, or the bench's listener
  bench "{\"target\":\"health\",\"connections\":1,\"duration\":\"1s\",\"warmup\":\"0s\",\"profile\":false,\"tls\":true,\"serverTlsEngine\":\"$1\"}" \
    | jq -r .endpoint
}
# The JIT is still compiling for many seconds after start: every path (both engines, both protocols, each client) runs
# once before anything is measured. Warming each engine just before its rows left the first engine's bench rows at
# 0.48x (HTTP/1.1, the JDK's client) and 0.79x (HTTP/2) of h2load's rate, the second's at 1.14x (2026-11-28).
declare -A urls
for engine in openssl jdk; do
  url=$(endpoint $engine); urls[$engine]=$url
  on="\"tls\":true,\"serverTlsEngine\":\"$engine\""
  h2load -t1 -c"$conns" -D5 --h1 "$url" >/dev/null
  h2load -t1 -c"$conns" -D5 -m10 "$url" >/dev/null
  for client in '' ',"tlsEngine":"openssl"' ',"protocol":"h2","streams":10'; do
    bench "{\"target\":\"health\",\"connections\":$conns,\"duration\":\"5s\",$on$client}" >/dev/null
  done
done
for engine in openssl jdk; do
  url=${urls[$engine]}
  on="\"tls\":true,\"serverTlsEngine\":\"$engine\""
  echo "server engine $engine ($url):"
  bench_row "bench closed TLS HTTP/1.1 c=$conns" "{\"target\":\"health\",\"connections\":$conns,\"duration\":\"${secs}s\",\"warmup\":\"2s\",\"profile\":false,$on}"
  h2 "h2load --h1 c=$conns" --h1
  bench_row "bench closed TLS (openssl) c=$conns" "{\"target\":\"health\",\"connections\":$conns,\"duration\":\"${secs}s\",\"warmup\":\"2s\",\"profile\":false,$on,\"tlsEngine\":\"openssl\"}"
  bench_row "bench closed TLS h2 c=$conns m=10" "{\"target\":\"health\",\"connections\":$conns,\"duration\":\"${secs}s\",\"warmup\":\"3s\",\"profile\":false,$on,\"protocol\":\"h2\",\"streams\":10}"
  h2 "h2load h2 c=$conns m=10" -m10
done
echo "negotiated: $(bench "{\"target\":\"health\",\"connections\":1,\"duration\":\"1s\",\"warmup\":\"0s\",\"profile\":false,\"tls\":true,\"protocol\":\"h2\"}" \
  | jq -c '.transport | {protocol, tlsVersion, cipherSuite, keyExchangeGroup, serverTlsEngine}')"

echo
echo "What TLS and HTTP/2 cost on this pod (POST /q/bench/compare, transports plain / tls / h2 / h2c, 3 rounds):"
curl -sf -X POST "http://127.0.0.1:$port/q/bench/compare?wait=true" -H 'Content-Type: application/json' -H 'Accept: text/plain' \
  -d "{\"spec\":{\"target\":\"health\",\"connections\":$conns,\"duration\":\"5s\",\"warmup\":\"2s\"},\"transports\":[\"plain\",\"tls\",\"h2\",\"h2c\"],\"rounds\":3}"
