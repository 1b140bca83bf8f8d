#!/usr/bin/env bash
# What moves the tail at 300 connections: runs the packaged service under several JVM/Vert.x
# settings side by side and measures /q/health/live and /jwt/validate (one cached RS256 token) with
# wrk -t1 -c300, rounds interleaved across the settings so that the machine's drift hits all alike.
#   ./scripts/perf/tails.sh [seconds=8] [rounds=2] [variant...]
# A variant is "name=options" (JVM options and -D system properties); without any, the built-in list
# below. Prints, per variant, the median over rounds of p99 and throughput for both endpoints.
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/jdk.sh
. scripts/perf/wrk-output.sh
secs=${1:-8}; rounds=${2:-2}; shift $(( $# >= 2 ? 2 : $# ))
variants=("$@")
if [ ${#variants[@]} -eq 0 ]; then
  variants=(
    "default="
    "epoll=-Dquarkus.vertx.prefer-native-transport=true"
    "heap-512m=-Xms512m -Xmx512m -XX:+AlwaysPreTouch"
    "parallel-gc=-XX:+UseParallelGC -Xms512m -Xmx512m"
    "zgc=-XX:+UseZGC -Xms512m -Xmx512m"
    "event-loops-2=-Dquarkus.vertx.event-loops-pool-size=2"
  )
fi
jar=service/target/quarkus-app/quarkus-run.jar
[ -f "$jar" ] || ./mvnw -B -q --no-transfer-progress -pl service -am package -DskipTests
work=$(mktemp -d)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; rm -rf "$work"' EXIT
iss=https://perf.local
token=$(java scripts/perf/MintToken.java "$work/jwks.json" "$iss")

port=${PORT:-18800}
names=(); ports=()
for v in "${variants[@]}"; do
  name=${v%%=*}; opts=${v#*=}
  # shellcheck disable=SC2086
  java $opts -Dquarkus.http.port=$port -Dquarkus.log.level=WARN -Dquarkus.bench.smoke.enabled=false \
    -Djwt.issuers.perf.issuer=$iss -Djwt.issuers.perf.jwks.file="$work/jwks.json" -Djwt.issuers.perf.audience=perf \
    -jar "$jar" >"$work/$name.log" 2>&1 &
  pids+=($!); names+=("$name"); ports+=("$port")
  port=$((port + 1))
done
for i in "${!names[@]}"; do
  for _ in $(seq 1 120); do curl -sf "localhost:${ports[$i]}/q/health/live" >/dev/null && break; sleep 0.5; done
  curl -sf -o /dev/null -H "Authorization: Bearer $token" "localhost:${ports[$i]}/jwt/validate" ||
    { echo "${names[$i]} refused the token or did not start:" >&2; cat "$work/${names[$i]}.log" >&2; exit 1; }
done

measure() {  # $1 file to append "rps p99_ms" to, $2 url, [$3 token]
  local auth=() out
  [ -n "${3:-}" ] && auth=(-H "Authorization: Bearer $3")
  out=$(wrk -t1 -c300 -d"${secs}s" --latency "${auth[@]}" "$2")
  grep -q 'Non-2xx\|Socket errors' <<<"$out" && echo "warning: $2: $(grep 'Non-2xx\|Socket errors' <<<"$out")" >&2
  echo "$(wrk_rps "$out") $(wrk_p99 "$out")" >>"$1"
}
echo "warming every variant (health and jwt, 4 s each)..." >&2
for i in "${!names[@]}"; do
  wrk -t1 -c300 -d4s "http://127.0.0.1:${ports[$i]}/q/health/live" >/dev/null
  wrk -t1 -c300 -d4s -H "Authorization: Bearer $token" "http://127.0.0.1:${ports[$i]}/jwt/validate" >/dev/null
done
for r in $(seq 1 "$rounds"); do
  echo "round $r of $rounds..." >&2
  for i in "${!names[@]}"; do
    measure "$work/${names[$i]}.health" "http://127.0.0.1:${ports[$i]}/q/health/live"
    measure "$work/${names[$i]}.jwt" "http://127.0.0.1:${ports[$i]}/jwt/validate" "$token"
  done
done
median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
echo
echo "wrk -t1 -c300 -d${secs}s, median of $rounds interleaved rounds, $(java -version 2>&1 | head -1)"
printf '%-16s %12s %14s %12s %14s   %s\n' variant health_req/s health_p99_ms jwt_req/s jwt_p99_ms options
for i in "${!names[@]}"; do
  n=${names[$i]}
  printf '%-16s %12.0f %14.3f %12.0f %14.3f   %s\n' "$n" \
    "$(cut -d' ' -f1 "$work/$n.health" | median)" "$(cut -d' ' -f2 "$work/$n.health" | median)" \
    "$(cut -d' ' -f1 "$work/$n.jwt" | median)" "$(cut -d' ' -f2 "$work/$n.jwt" | median)" "${variants[$i]#*=}"
done
