#!/usr/bin/env bash
# The performance goals of the project in one table, every ratio from one run on this machine:
#   ./scripts/perf-report.sh [seconds=8]         (PORT=18700 by default; the next three ports are used too)
# Needs wrk, jq, curl (apt-get install -y wrk jq curl). Builds only what is older than its sources:
# the packaged service and the JMH classpath.
#
# 1. JMH (one fork, short): raw JCA RS256 verify, validator uncached per algorithm, cached; each
#    algorithm's verify on each signature provider (SignatureBenchmark: jdk, bouncycastle, accp); and
#    openssl speed when openssl is installed (its RSA-2048 verify, the fastest this hardware does, is the physical bound).
# 2. Two packaged services side by side: A with the token cache (the default), B with
#    jwt.cache.enabled=false; one RS256 token from a throw-away issuer (scripts/perf/MintToken.java).
# 3. wrk -t1, best of two rounds after a warm-up, rounds interleaved (A health, A jwt, A health carrying
#    the jwt request's bearer header, B health, B jwt, then 300 connections on A); the server's CPU per
#    request from /proc.
#    The gateways' forward-auth route (/jwt/auth) beside them: cached on A, uncached RS256 and ES256 on B; and the
#    JWT check a Quarkus user would otherwise pick, quarkus-smallrye-jwt (perf/smallrye-jwt, same Quarkus, JDK, keys
#    and tokens; two instances, RS256 and ES256): its /auth (no body) against /jwt/auth, its /claims against
#    /jwt/validate.
# 4. The bench's own generator against wrk on A's /q/health/live: closed model, and open at 4,000 and 40,000
#    req/s; with WRK2=/path/to/wrk2's wrk, wrk2 at the same rates (its CPU per request beside the open model's),
#    and what one timed wake-up costs in CPU (scripts/perf/TimedWake.java).
#    wrk2 is not packaged: git clone https://github.com/giltene/wrk2 && make (needs libssl-dev and zlib).
# Service JVM options: the same defaults as ./run.sh (scripts/jvm-defaults.sh), or $JAVA_OPTS.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/jdk.sh
. scripts/jvm-defaults.sh
. scripts/perf/wrk-output.sh
. scripts/stale.sh
for tool in wrk jq curl; do
  command -v "$tool" >/dev/null || { echo "needs $tool: apt-get install -y wrk jq curl" >&2; exit 1; }
done
secs=${1:-8}
port_a=${PORT:-18700}; port_b=$((port_a + 1))
work=$(mktemp -d)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; rm -rf "$work"' EXIT

# --- build what is stale -------------------------------------------------------------------
jar=$(packaged_service)
# the comparison app is no module of the default reactor: built here, when its sources changed
smallrye_jar=perf/smallrye-jwt/target/quarkus-app/quarkus-run.jar
if [ ! -f "$smallrye_jar" ] || [ -n "$(find pom.xml perf/smallrye-jwt -name target -prune -o -type f -newer "$smallrye_jar" -print -quit)" ]; then
  echo "building the quarkus-smallrye-jwt comparison app..." >&2
  ./mvnw -B -q --no-transfer-progress -f perf/smallrye-jwt/pom.xml package -DskipTests
fi

# --- 1. JMH ------------------------------------------------------------------------------------
echo "JMH: ValidatorBenchmark (RS256, ES256, EdDSA; ~2 minutes)..." >&2
./scripts/jmh.sh ValidatorBenchmark -p alg=RS256,ES256,EdDSA -f 1 -wi 3 -i 5 -w 1s -r 1s \
  -rf json -rff "$work/jmh.json" >"$work/jmh.log" 2>&1 || { cat "$work/jmh.log" >&2; exit 1; }
jmh() {  # $1 benchmark method, $2 alg: the score in µs
  jq -r --arg m "$1" --arg a "$2" \
    '.[] | select((.benchmark | endswith("." + $m)) and .params.alg == $a) | .primaryMetric.score' "$work/jmh.json"
}
raw_rs=$(jmh rawJcaVerify RS256)
echo "JMH: SignatureBenchmark (3 algorithms x 3 providers; ~1 minute)..." >&2
./scripts/jmh.sh 'SignatureBenchmark.verify' -f 1 -wi 2 -i 3 -w 1s -r 1s \
  -rf json -rff "$work/providers.json" >"$work/providers.log" 2>&1 || { cat "$work/providers.log" >&2; exit 1; }
provider_us() {  # $1 alg, $2 provider: SignatureBenchmark.verify's score in µs, "-" when it did not run
  jq -r --arg a "$1" --arg p "$2" '[.[] | select(.params.alg == $a and .params.provider == $p) | .primaryMetric.score]
    | if length == 0 then "-" else (.[0] * 100 | round / 100 | tostring) end' "$work/providers.json"
}
# the hardware's RSA-2048 verify (the physical bound: no provider verifies faster), before the services load the machine
openssl_rs=""
openssl_es="-"; openssl_ed="-"
if command -v openssl >/dev/null; then
  openssl_rs=$(openssl speed -seconds 2 rsa2048 2>/dev/null | awk '/^rsa 2048 bits/ { printf "%.2f", 1e6 / $NF }')
  speed=$(openssl speed -seconds 2 ecdsap256 ed25519 2>/dev/null)
  openssl_es=$(awk '/ecdsa \(nistp256\)/ { printf "%.2f", 1e6 / $NF }' <<<"$speed")
  openssl_ed=$(awk '/EdDSA \(Ed25519\)/ { printf "%.2f", 1e6 / $NF }' <<<"$speed")
fi

# --- 2. the services ---------------------------------------------------------------------------------
iss=https://perf.local
token=$(java scripts/perf/MintToken.java "$work/jwks.json" "$iss")
iss_es=https://perf-es.local
token_es=$(java scripts/perf/MintToken.java "$work/jwks-es.json" "$iss_es" ES256)
start() {  # $1 port, more args: system properties
  local port=$1; shift
  # shellcheck disable=SC2086
  java $JVM_DEFAULTS ${JAVA_OPTS:-} -Dquarkus.config.locations="$PWD/application.properties" \
    -Dquarkus.http.port="$port" -Dquarkus.log.level=WARN -Dquarkus.bench.security.enabled=false \
    -Dquarkus.bench.smoke.enabled=false -Djwt.issuers.perf.issuer="$iss" \
    -Djwt.issuers.perf.jwks.file="$work/jwks.json" -Djwt.issuers.perf.audience=perf -Djwt.issuers.perf-es.issuer="$iss_es" \
    -Djwt.issuers.perf-es.jwks.file="$work/jwks-es.json" -Djwt.issuers.perf-es.audience=perf "$@" \
    -jar "$jar" >"$work/service-$port.log" 2>&1 &
  pids+=($!)
}
start "$port_a"; pid_a=$!
start "$port_b" -Djwt.cache.enabled=false; pid_b=$!
port_s=$((port_a + 2)); port_s_es=$((port_a + 3))
smallrye() {  # $1 port, $2 JWKS, $3 iss, $4 algorithm: the comparison app, with the same JVM options as the service
  # shellcheck disable=SC2086
  java $JVM_DEFAULTS ${JAVA_OPTS:-} -Dquarkus.http.port="$1" -Dmp.jwt.verify.publickey.location="file:$2" \
    -Dmp.jwt.verify.issuer="$3" -Dmp.jwt.verify.publickey.algorithm="$4" -jar "$smallrye_jar" >"$work/smallrye-$1.log" 2>&1 &
  pids+=($!)
}
smallrye "$port_s" "$work/jwks.json" "$iss" RS256; pid_s=$!
smallrye "$port_s_es" "$work/jwks-es.json" "$iss_es" ES256; pid_s_es=$!
check_token() {  # $1 port, $2 path, $3 token
  code=$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $3" "localhost:$1$2")
  [ "$code" = 200 ] || { echo "token refused by :$1$2 ($code)" >&2; cat "$work"/*-"$1".log >&2; exit 1; }
}
for port in "$port_a" "$port_b"; do
  for _ in $(seq 1 120); do curl -sf "localhost:$port/q/health/live" >/dev/null && break; sleep 0.5; done
  for path in /jwt/validate /jwt/auth; do check_token "$port" "$path" "$token"; check_token "$port" "$path" "$token_es"; done
done
for port in "$port_s" "$port_s_es"; do
  for _ in $(seq 1 120); do [ "$(curl -s -o /dev/null -w '%{http_code}' "localhost:$port/auth")" = 401 ] && break; sleep 0.5; done
done
for path in /auth /claims; do check_token "$port_s" "$path" "$token"; check_token "$port_s_es" "$path" "$token_es"; done

declare -A rps p99 cpu_us wrk_cpu_us
wrk_row() {  # $1 row name, $2 server pid, $3 connections, $4 url, [$5 token]: keeps the round with the best throughput
  local name=$1 pid=$2 conns=$3 url=$4 auth=() before after out reqs r
  [ -n "${5:-}" ] && auth=(-H "Authorization: Bearer $5")
  before=$(cpu_seconds "$pid")
  out=$(/usr/bin/time -f '%U %S' -o "$work/wrk.time" wrk -t1 -c"$conns" -d"${secs}s" --latency "${auth[@]}" "$url")
  after=$(cpu_seconds "$pid")
  grep -q 'Non-2xx' <<<"$out" && { echo "$name: wrk saw errors:" >&2; echo "$out" >&2; exit 1; }
  reqs=$(wrk_requests "$out")
  r=$(wrk_rps "$out")
  if awk -v r="$r" -v best="${rps[$name]:-0}" 'BEGIN { exit !(r > best) }'; then
    rps[$name]=$r
    p99[$name]=$(wrk_p99 "$out")
    cpu_us[$name]=$(awk -v a="$after" -v b="$before" -v n="$reqs" 'BEGIN { printf "%.2f", (a - b) / n * 1e6 }')
    wrk_cpu_us[$name]=$(awk -v n="$reqs" '{ printf "%.2f", ($1 + $2) / n * 1e6 }' "$work/wrk.time")
  fi
}
health_a="http://127.0.0.1:$port_a/q/health/live"; jwt_a="http://127.0.0.1:$port_a/jwt/validate"
health_b="http://127.0.0.1:$port_b/q/health/live"; jwt_b="http://127.0.0.1:$port_b/jwt/validate"
auth_a="http://127.0.0.1:$port_a/jwt/auth"; auth_b="http://127.0.0.1:$port_b/jwt/auth"
sr_auth="http://127.0.0.1:$port_s/auth"; sr_claims="http://127.0.0.1:$port_s/claims"
sr_auth_es="http://127.0.0.1:$port_s_es/auth"; sr_claims_es="http://127.0.0.1:$port_s_es/claims"

# --- 3. wrk ---------------------------------------------------------------------------------------
echo "warming both services (wrk, 4 s per endpoint)..." >&2
for url in "$health_a" "$health_b"; do wrk -t1 -c50 -d4s "$url" >/dev/null; done
for url in "$jwt_a" "$jwt_b" "$auth_a" "$auth_b" "$sr_auth" "$sr_claims"; do wrk -t1 -c50 -d4s -H "Authorization: Bearer $token" "$url" >/dev/null; done
for url in "$auth_b" "$jwt_b" "$sr_auth_es" "$sr_claims_es"; do wrk -t1 -c50 -d4s -H "Authorization: Bearer $token_es" "$url" >/dev/null; done
for round in 1 2; do
  echo "wrk round $round of 2..." >&2
  wrk_row health "$pid_a" 50 "$health_a"
  wrk_row cached "$pid_a" 50 "$jwt_a" "$token"
  wrk_row health_with_bearer "$pid_a" 50 "$health_a" "$token"   # the cached request's bytes, without its validation
  wrk_row health_nocache "$pid_b" 50 "$health_b"
  wrk_row uncached "$pid_b" 50 "$jwt_b" "$token"
  wrk_row health_300 "$pid_a" 300 "$health_a"
  wrk_row cached_300 "$pid_a" 300 "$jwt_a" "$token"
  # the forward-auth route, and quarkus-smallrye-jwt on the same tokens (it has no cache: every request verifies)
  wrk_row fa_cached "$pid_a" 50 "$auth_a" "$token"
  wrk_row sr_auth "$pid_s" 50 "$sr_auth" "$token"
  wrk_row fa_uncached "$pid_b" 50 "$auth_b" "$token"
  wrk_row sr_claims "$pid_s" 50 "$sr_claims" "$token"
  wrk_row fa_uncached_es "$pid_b" 50 "$auth_b" "$token_es"
  wrk_row sr_auth_es "$pid_s_es" 50 "$sr_auth_es" "$token_es"
  wrk_row uncached_es "$pid_b" 50 "$jwt_b" "$token_es"
  wrk_row sr_claims_es "$pid_s_es" 50 "$sr_claims_es" "$token_es"
done

# --- 4. the bench's generator against wrk -----------------------------------------------------------
bench() {  # $1 JSON spec: the report
  curl -sf -X POST "http://127.0.0.1:$port_a/q/bench/runs?wait=true" -H 'Content-Type: application/json' -d "$1"
}
echo "bench closed and open model on :$port_a..." >&2
bench '{"target":"health","connections":50,"duration":"4s"}' >/dev/null   # the generator's own warm-up
closed=$(bench "{\"target\":\"health\",\"connections\":50,\"duration\":\"${secs}s\",\"warmup\":\"2s\",\"breakdown\":false,\"profile\":false}")
gen_cpu() { jq '.generator.cpuSeconds / .measured.requests * 1e6' <<<"$1"; }
closed_rps=$(jq .measured.rps <<<"$closed"); closed_cpu=$(gen_cpu "$closed")
# The open model at a rate its pacer wakes for each request, and at one its loop paces itself between answers
# (runtime/.../OpenLoopDriver: 20,000 req/s per lane and up); with WRK2, wrk2 after each at the same rate,
# connections and duration: the open model's outside yardstick.
open_rates="4000 40000"
# One timed wake-up's CPU: what a pacer that wakes for each request pays per request at 4,000 req/s (250 µs apart)
wake_us=$(java scripts/perf/TimedWake.java 1 | awk '/park  250 us/ { sum += $(NF - 4); n++ } END { printf "%.1f", sum / n }')
declare -A open open_cpu wrk2_out wrk2_cpu
[ -z "${WRK2:-}" ] || [ -x "$WRK2" ] || { echo "WRK2=$WRK2 is not an executable" >&2; exit 1; }
for rate in $open_rates; do
  echo "bench open model at $rate req/s on :$port_a..." >&2
  open[$rate]=$(bench "{\"target\":\"health\",\"rate\":$rate,\"connections\":50,\"duration\":\"${secs}s\",\"warmup\":\"2s\",\"breakdown\":false,\"profile\":false}")
  open_cpu[$rate]=$(gen_cpu "${open[$rate]}")
  if [ -n "${WRK2:-}" ]; then
    echo "wrk2 at $rate req/s on :$port_a..." >&2
    wrk2_out[$rate]=$(/usr/bin/time -f '%U %S' -o "$work/wrk2.time" "$WRK2" -t1 -c50 -d"$((secs + 2))s" -R"$rate" --latency "$health_a")
    wrk2_cpu[$rate]=$(awk -v n="$(wrk_requests "${wrk2_out[$rate]}")" '{ printf "%.2f", ($1 + $2) / n * 1e6 }' "$work/wrk2.time")
  fi
done

# --- the table --------------------------------------------------------------------------------
echo
echo "JVM: $(java -version 2>&1 | head -1); service options: $JVM_DEFAULTS ${JAVA_OPTS:-}; wrk -t1 ${secs}s, best of 2"
printf '%-46s %12s %10s %12s %14s\n' row req/s p99_ms cpu_us/req wrk_cpu_us/req
for row in health cached health_with_bearer health_nocache uncached health_300 cached_300 fa_cached fa_uncached fa_uncached_es \
    uncached_es sr_auth sr_claims sr_auth_es sr_claims_es; do
  printf '%-46s %12.0f %10.3f %12.2f %14.2f\n' "wrk $row" "${rps[$row]}" "${p99[$row]}" "${cpu_us[$row]}" "${wrk_cpu_us[$row]}"
done
printf '%-46s %12.0f %10.3f %12s %14.2f\n' "bench closed c=50 (its generator's CPU)" "$closed_rps" \
  "$(jq .latency.p99 <<<"$closed")" - "$closed_cpu"
for rate in $open_rates; do
  printf '%-46s %12.0f %10.3f %12s %14.2f\n' "bench open $rate req/s (its generator's CPU)" "$(jq .measured.rps <<<"${open[$rate]}")" \
    "$(jq .latency.p99 <<<"${open[$rate]}")" - "${open_cpu[$rate]}"
  if [ -n "${WRK2:-}" ]; then
    printf '%-46s %12.0f %10.3f %12s %14.2f\n' "wrk2 $rate req/s (its CPU; 2 s of it calibration)" "$(wrk_rps "${wrk2_out[$rate]}")" \
      "$(wrk2_p99 "${wrk2_out[$rate]}")" - "${wrk2_cpu[$rate]}"
  fi
done
echo "a timed wake-up (park 250 µs, scripts/perf/TimedWake.java) costs $wake_us µs of CPU"
[ -n "${WRK2:-}" ] || echo "(no wrk2 rows: set WRK2=/path/to/wrk2/wrk; build it with git clone https://github.com/giltene/wrk2 && make)"
printf 'JMH µs/op: raw RS256 verify %.1f, uncached RS256 %.1f / ES256 %.1f / EdDSA %.1f, cached RS256 %.2f\n' \
  "$raw_rs" "$(jmh validateUncached RS256)" "$(jmh validateUncached ES256)" "$(jmh validateUncached EdDSA)" \
  "$(jmh validateCached RS256)"

echo
echo "verify, µs/op (JMH SignatureBenchmark.verify; openssl speed)"
printf '%-8s %10s %14s %10s %10s\n' alg jdk bouncycastle accp openssl
for alg in RS256 ES256 EdDSA; do
  case $alg in RS256) o=${openssl_rs:--} ;; ES256) o=$openssl_es ;; EdDSA) o=$openssl_ed ;; esac
  printf '%-8s %10s %14s %10s %10s\n' "$alg" "$(provider_us "$alg" jdk)" "$(provider_us "$alg" bouncycastle)" \
    "$(provider_us "$alg" accp)" "$o"
done

cores=$(nproc)
goal() {  # $1 goal, $2 value, $3 comparison (<= or >=), $4 target
  local met
  met=$(awk -v v="$2" -v t="$4" -v op="$3" 'BEGIN { print ((op == ">=" ? v >= t : v <= t) ? "met" : "NOT met") }')
  printf '%-62s %10.3f %3s %-8s %s\n' "$1" "$2" "$3" "$4" "$met"
}
# as the issue defines it: the machine's CPU per health request (cores ÷ health throughput, wrk's share
# included, on the cache-off service) plus one raw verify is what an uncached JWT request cannot go below
health_machine_us=$(awk -v c="$cores" -v r="${rps[health_nocache]}" 'BEGIN { printf "%.2f", c / r * 1e6 }')
bound=$(awk -v h="$health_machine_us" -v c="$cores" -v v="$raw_rs" 'BEGIN { printf "%.0f", c / (h + v) * 1e6 }')
echo
printf 'crypto bound (uncached RS256) = %s cores / (%s µs machine CPU per health request + %.1f µs raw verify) = %s req/s\n' \
  "$cores" "$health_machine_us" "$raw_rs" "$bound"
if [ -n "$openssl_rs" ]; then  # the same with the hardware's verify: what native crypto could reach
  physical=$(awk -v h="$health_machine_us" -v c="$cores" -v v="$openssl_rs" 'BEGIN { printf "%.0f", c / (h + v) * 1e6 }')
  printf 'physical bound (uncached RS256) = %s cores / (%s µs + %.1f µs OpenSSL verify, openssl speed rsa2048) = %s req/s\n' \
    "$cores" "$health_machine_us" "$openssl_rs" "$physical"
fi
printf '%-62s %10s %3s %-8s %s\n' goal measured "" target ""
ratio() { awk -v a="${rps[$1]}" -v b="${rps[$2]}" 'BEGIN { print a / b }'; }       # two rows' throughput
of_bound() { awk -v a="${rps[$1]}" -v b="$2" 'BEGIN { print a / b }'; }            # a row's throughput ÷ a bound
goal "1 cached JWT ÷ health throughput, c=50" "$(ratio cached health)" ">=" 0.85
goal "22.4 cached JWT ÷ health throughput, c=50" "$(ratio cached health)" ">=" 0.95
goal "22.4 cached JWT ÷ health with the same bearer header, c=50" "$(ratio cached health_with_bearer)" ">=" 0.95
goal "2 uncached RS256 ÷ crypto bound" "$(of_bound uncached "$bound")" ">=" 0.9
[ -n "$openssl_rs" ] && goal "2 uncached RS256 ÷ physical bound (issue 22)" "$(of_bound uncached "$physical")" ">=" 0.9
goal "3 ES256 validator uncached, µs" "$(jmh validateUncached ES256)" "<=" 120
goal "3 EdDSA validator uncached, µs" "$(jmh validateUncached EdDSA)" "<=" 150
goal "4 health p99 at 300 connections, ms" "${p99[health_300]}" "<=" 10
goal "4 cached JWT p99 at 300 connections, ms" "${p99[cached_300]}" "<=" 15
goal "32.1 forward-auth cached ÷ health throughput, c=50" "$(ratio fa_cached health)" ">=" 0.95
[ -n "$openssl_rs" ] && goal "32.2 forward-auth uncached RS256 ÷ physical bound" "$(of_bound fa_uncached "$physical")" ">=" 0.9
goal "32.3 forward-auth ÷ smallrye-jwt /auth, uncached RS256" "$(ratio fa_uncached sr_auth)" ">=" 3
goal "32.3 forward-auth ÷ smallrye-jwt /auth, uncached ES256" "$(ratio fa_uncached_es sr_auth_es)" ">=" 6
goal "32.3 forward-auth ÷ smallrye-jwt /auth, cached (one token)" "$(ratio fa_cached sr_auth)" ">=" 5
goal "32 /jwt/validate ÷ smallrye-jwt /claims, uncached RS256 (was 2.07)" "$(ratio uncached sr_claims)" ">=" 1
goal "32 /jwt/validate ÷ smallrye-jwt /claims, uncached ES256 (was 4.59)" "$(ratio uncached_es sr_claims_es)" ">=" 1
goal "32 /jwt/validate ÷ smallrye-jwt /claims, cached (was 4.27)" "$(ratio cached sr_claims)" ">=" 1
goal "5 bench closed ÷ wrk throughput (health c=50)" "$(awk -v a="$closed_rps" -v b="${rps[health]}" 'BEGIN { print a / b }')" ">=" 1.0
goal "5 bench closed ÷ wrk generator CPU per request" "$(awk -v a="$closed_cpu" -v b="${wrk_cpu_us[health]}" 'BEGIN { print a / b }')" "<=" 1.0
goal "5 bench open (4000 req/s) ÷ closed generator CPU per request" "$(awk -v a="${open_cpu[4000]}" -v b="$closed_cpu" 'BEGIN { print a / b }')" "<=" 2.0
for rate in $open_rates; do
  if [ -n "${WRK2:-}" ]; then
    goal "22.3 bench open ÷ wrk2 CPU per request, $rate req/s" "$(awk -v a="${open_cpu[$rate]}" -v b="${wrk2_cpu[$rate]}" 'BEGIN { print a / b }')" "<=" 1.0
  fi
  goal "22.3 open model corrected − uncorrected p50, ms, $rate req/s" \
    "$(jq '.latency.p50 - .uncorrectedLatency.p50' <<<"${open[$rate]}")" "<=" 0.05
done
