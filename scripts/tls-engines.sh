#!/usr/bin/env bash
# What each TLS engine and each certificate costs on this machine, side by side in one application: its HTTPS port
# on one server engine (quarkus.bench.server-tls.engine, auto: BoringSSL where it loads), the bench's loopback
# listener on the other, compares that alternate them round by round, and hey as an outside client.
# Needs: jq, curl, openssl, hey (apt-get install -y jq curl openssl hey).
#   ./scripts/tls-engines.sh [connections=50] [seconds=5] [rounds=3]        (PORT=18080, TLS_PORT=18443 by default)
# Prints:
#  1. keep-alive HTTP/1.1: plain and TLS with the server engines crossed with the client engines; each TLS entry's
#     throughput ÷ plain's and its extra CPU per request (JIT compilation left out), with the share its TLS
#     components name (the median over rounds, each against its own round's plain run, and the rounds' range);
#  2. a connection per request: RSA-2048 and ECDSA P-256 certificates, resumption on and off, on both server engines
#     (the generator on BoringSSL): req/s, the server's own count of full and resumed handshakes per second, CPU per
#     connection and the TLS handshake's CPU per handshake (server and generator), medians over the rounds;
#  3. hey -disable-keepalive (no resumption: Go's client keeps no session cache) on the same port, against the
#     bench's ECDSA P-256 entries, with and without resumption: req/s and client CPU per request.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/jdk.sh
. scripts/jvm-defaults.sh
. scripts/tls-service.sh
for tool in jq curl openssl hey; do
  command -v "$tool" >/dev/null || { echo "needs $tool: apt-get install -y jq curl openssl hey" >&2; exit 1; }
done
conns=${1:-50}; secs=${2:-5}; rounds=${3:-3}
port=${PORT:-18080}; tls_port=${TLS_PORT:-18443}
[ -f service/target/quarkus-app/quarkus-run.jar ] || ./mvnw -B -q --no-transfer-progress install -DskipTests

work=$(mktemp -d)
trap 'kill $server 2>/dev/null; rm -rf "$work"' EXIT
# a compare's runs are read back after it ended: the history keeps them all (8 entries x 4 steps)
start_tls_service -Dquarkus.bench.history-size=100
grep -o 'HTTPS TLS engine: .*' "$work/server.log"

compare() {  # $1: spec (JSON), $2: transports (JSON list), $3: rounds (default: the script's); prints the compare's JSON
  curl -sf -X POST "http://127.0.0.1:$port/q/bench/compare?wait=true" -H 'Content-Type: application/json' \
    -d "{\"spec\":$1,\"transports\":$2,\"rounds\":${3:-$rounds}}"
}
runs() {  # $1: a compare's JSON; prints each measured run's report, one a line
  for id in $(jq -r '.runs[] | select(.round >= 1) | .runId' <<<"$1"); do
    curl -sf "http://127.0.0.1:$port/q/bench/runs/$id" | jq -c --argjson r "$(jq -c --arg id "$id" '.runs[] | select(.runId == $id) | {entry: .model, round}' <<<"$1")" '. + $r'
  done
}
# one row per entry, medians over its rounds, of the given per-run figures (a jq object of numbers)
medians='def median: sort | if length % 2 == 1 then .[length / 2 | floor] else (.[length / 2 - 1] + .[length / 2]) / 2 end;
  group_by(.entry) | map({entry: .[0].entry} + (. as $g | [.[0] | keys_unsorted[] | select(. != "entry" and . != "round")]
    | map({key: ., value: ([$g[][.]] | median)}) | from_entries))'
tls_us='[.profile.components[] | select(.component | test("TLS")) | .cpuUsPerRequest] | add // 0'
handshake_us='[.profile.components[] | select(.component | test("TLS handshake")) | .cpuUsPerRequest] | add // 0'

# warm both engines and both paths (the JIT compiles for many seconds after start)
warm='{"target":"health","connections":'$conns',"duration":"10s","warmup":"0s","profile":false}'
compare "$warm" '["plain","tls+server-jdk","tls+server-openssl","tls-per-request+client-openssl+server-openssl"]' 1 >/dev/null

echo
echo "1. Keep-alive HTTP/1.1, $conns connections, ${secs}s x $rounds rounds (medians; TLS components = server + generator):"
c=$(compare '{"target":"health","connections":'$conns',"duration":"'$secs's","warmup":"2s"}' \
  '["plain","tls+server-jdk","tls+server-openssl","tls-openssl+server-jdk","tls-openssl+server-openssl"]')
# CPU per request less the JIT compiler's (warm-up, not a cost per request), as TlsRunTest counts it. The share TLS
# names is taken round by round, against the plain run of the same round: the machine's speed moves from one round to
# the next by as much as TLS costs (2026-11-28: plain 48.7 and 49.1 us a request in two rounds, TLS 71.3 and 57.9),
# so a share of medians mixes rounds; the table gives the median share and the rounds' range.
runs "$c" | jq -s "map({entry, round, rps: .measured.rps, tls: ($tls_us), cpu: (.profile.processCpuUsPerRequest
  - ([.profile.components[] | select(.component == \"JIT compiler threads\") | .cpuUsPerRequest] | add // 0))})
  | (map(select(.entry == \"plain\") | {key: (.round | tostring), value: .cpu}) | from_entries) as \$plain
  | map(. + {share: (if .entry == \"plain\" then 0 else .tls / (.cpu - \$plain[.round | tostring]) end)})
  | (group_by(.entry) | map({key: .[0].entry, value: (map(.share) | [min, max])}) | from_entries) as \$range
  | $medians | map(. + {shareRange: \$range[.entry]})" > "$work/keepalive.json"
jq -r '(.[] | select(.entry == "plain")) as $p
  | ["entry", "req/s", "÷ plain", "cpu µs/req", "extra µs", "TLS named", "rounds"],
  (.[] | [.entry, (.rps | floor), (.rps / $p.rps * 100 | floor / 100), (.cpu * 10 | floor / 10),
    ((.cpu - $p.cpu) * 10 | floor / 10), (if .entry == "plain" then "" else "\(.share * 100 | floor) %" end),
    (if .entry == "plain" then "" else "\(.shareRange[0] * 100 | floor)-\(.shareRange[1] * 100 | floor) %" end)])
  | @tsv' "$work/keepalive.json" | column -t -s $'\t'
compare_text() { curl -sf "http://127.0.0.1:$port/q/bench/compare/$(jq -r .id <<<"$1")" -H 'Accept: text/plain' | grep '^Verdict' || true; }
compare_text "$c"

echo
echo "2. A connection per request (keepAlive false), 16 connections, generator on BoringSSL, ${secs}s x $rounds rounds:"
entries='[]'
for engine in openssl jdk; do
  for cert in ecdsa-p256 rsa-2048; do
    for resumption in "" "+no-resumption"; do
      entries=$(jq -c --arg e "tls-per-request+client-openssl+server-$engine+$cert$resumption" '. + [$e]' <<<"$entries")
    done
  done
done
c=$(compare '{"target":"health","connections":16,"duration":"'$secs's","warmup":"2s"}' "$entries")
runs "$c" | jq -s "map({entry, rps: .measured.rps, full: .transport.serverFullHandshakesPerSecond,
  resumed: .transport.serverResumedHandshakesPerSecond, cpu: .profile.processCpuUsPerRequest,
  handshakeUs: (($handshake_us) * .measured.requests / ([.transport.handshakes, 1] | max))}) | $medians" > "$work/handshakes.json"
jq -r '["entry", "req/s", "full/s", "resumed/s", "cpu µs/conn", "TLS handshake µs/handshake"],
  (.[] | [(.entry | sub("tls-per-request\\+client-openssl\\+"; "")), (.rps | floor), (.full | floor), (.resumed | floor),
    (.cpu * 10 | floor / 10), (.handshakeUs * 10 | floor / 10)]) | @tsv' "$work/handshakes.json" | column -t -s $'\t'
echo "negotiated: $(runs "$c" | head -1 | jq -c '.transport | {tlsVersion, cipherSuite, keyExchangeGroup, certificateKeyType}')"

echo
echo "3. hey -disable-keepalive -c 16 against the application's port ($(grep -o 'HTTPS TLS engine: [a-z]*' "$work/server.log")), and the bench the same way:"
url="https://127.0.0.1:$tls_port/q/health/live"
printf '%-44s %10s %20s\n' client req/s client_cpu_us/req
hey -disable-keepalive -c 16 -z 5s "$url" >/dev/null   # warm
/usr/bin/time -f '%U %S' -o "$work/hey.time" hey -disable-keepalive -c 16 -z "${secs}s" "$url" > "$work/hey.out"
reqs=$(awk '/\[200\]/ { print $2 }' "$work/hey.out")
printf '%-44s %10.0f %20.1f\n' "hey -disable-keepalive (ECDSA P-256)" "$(awk '/Requests\/sec/ { print $2 }' "$work/hey.out")" \
  "$(awk -v n="$reqs" '{ printf "%.1f", ($1 + $2) / n * 1e6 }' "$work/hey.time")"
for resumption in true false; do
  r=$(curl -sf -X POST "http://127.0.0.1:$port/q/bench/runs?wait=true" -H 'Content-Type: application/json' \
    -d '{"target":"health","connections":16,"duration":"'$secs's","warmup":"2s","profile":false,"tls":true,"keepAlive":false,"tlsEngine":"openssl","resumption":'$resumption'}')
  printf '%-44s %10.0f %20.1f\n' "bench keepAlive:false openssl resumption:$resumption" "$(jq .measured.rps <<<"$r")" \
    "$(jq '.generator.cpuSeconds / .measured.requests * 1e6' <<<"$r")"
done
