#!/usr/bin/env bash
# What the token check adds to a request through NGINX, in one run on this machine:
#   ./scripts/gateway-overhead.sh [seconds=8] [connections=50]      (PORT=18760 by default; the next 5 ports too; ROUNDS=3)
# Needs nginx (with auth_request: Debian's), wrk, jq, curl. Builds the packaged service if it is stale.
#
# One NGINX (one worker) serves four front ends to the same upstream (an NGINX server block answering 200 with a
# small body): without a check, then with auth_request to /jwt/auth as docs/gateways.md configures it (its
# jwt-auth-check.conf, read from the page) with keep-alive to the check, without keep-alive (a connection per check),
# and with keep-alive and the cache recipe. wrk -t1 sends one RS256 token (scripts/perf/MintToken.java) in rounds,
# the order rotated each round, best round kept. CPU per request is NGINX's and the service's, from /proc.
# The last lines: what each variant adds to the plain proxy per request, in µs of CPU, p50 and p99.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/jdk.sh
. scripts/jvm-defaults.sh
. scripts/perf/wrk-output.sh
. scripts/stale.sh
for tool in wrk jq curl; do
  command -v "$tool" >/dev/null || { echo "needs $tool: apt-get install -y wrk jq curl" >&2; exit 1; }
done
nginx=$(command -v nginx || echo /usr/sbin/nginx)
[ -x "$nginx" ] || { echo "needs nginx: apt-get install -y nginx" >&2; exit 1; }
secs=${1:-8}; conns=${2:-50}; rounds=${ROUNDS:-3}
port=${PORT:-18760}
service_port=$port; upstream_port=$((port + 1))
declare -A front=([plain]=$((port + 2)) [check]=$((port + 3)) [check_no_keepalive]=$((port + 4)) [check_cached]=$((port + 5)))
variants="plain check check_no_keepalive check_cached"
work=$(mktemp -d)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; rm -rf "$work"' EXIT

jar=$(packaged_service)

# --- the service ------------------------------------------------------------------------------
iss=https://perf.local
token=$(java scripts/perf/MintToken.java "$work/jwks.json" "$iss")
# shellcheck disable=SC2086
java $JVM_DEFAULTS ${JAVA_OPTS:-} -Dquarkus.config.locations="$PWD/application.properties" -Dquarkus.http.port="$service_port" \
  -Dquarkus.log.level=WARN -Dquarkus.bench.smoke.enabled=false -Djwt.issuers.perf.issuer="$iss" \
  -Djwt.issuers.perf.jwks.file="$work/jwks.json" -Djwt.issuers.perf.audience=perf -jar "$jar" >"$work/service.log" 2>&1 &
service_pid=$!; pids+=("$service_pid")
for _ in $(seq 1 120); do curl -sf "localhost:$service_port/q/health/live" >/dev/null && break; sleep 0.5; done

# --- NGINX: the page's check include, in three variants --------------------------------------------
check_conf=$(awk '/^## NGINX/ { s = 1 } /^## / && !/^## NGINX/ { s = 0 } s && /^```nginx/ { n++; b = (n == 2); next } b && /^```/ { b = 0 } b' docs/gateways.md)
grep -q 'proxy_cache jwt_auth' <<<"$check_conf" || { echo "docs/gateways.md has no NGINX check include with the cache recipe" >&2; exit 1; }
no_cache=$(grep -v -e 'proxy_cache' <<<"$check_conf")
printf '%s\n' "$no_cache" >"$work/check.conf"
printf '%s\n' "$check_conf" >"$work/check-cached.conf"
grep -v -e 'proxy_http_version' -e 'Connection ""' <<<"$no_cache" >"$work/check-no-keepalive.conf"
mkdir -p "$work"/{body,proxy,fastcgi,uwsgi,scgi,cache}
front_end() {  # $1 port, $2 check location (empty: none)
  echo "server { listen 127.0.0.1:$1;"
  if [ -n "$2" ]; then
    echo "  location / { auth_request $2; auth_request_set \$u \$upstream_http_x_auth_request_user;"
    echo "    proxy_set_header X-Auth-Request-User \$u; proxy_pass http://app; proxy_http_version 1.1; proxy_set_header Connection \"\"; }"
  else
    echo "  location / { proxy_pass http://app; proxy_http_version 1.1; proxy_set_header Connection \"\"; }"
  fi
  echo "  location = /_check { internal; proxy_pass http://jwt_bench/jwt/auth; include $work/check.conf; }"
  echo "  location = /_check_once { internal; proxy_pass http://jwt_bench_once/jwt/auth; include $work/check-no-keepalive.conf; }"
  echo "  location = /_check_cached { internal; proxy_pass http://jwt_bench/jwt/auth; include $work/check-cached.conf; }"
  echo "}"
}
cat >"$work/nginx.conf" <<EOF
daemon off; master_process off; worker_processes 1; pid $work/nginx.pid; error_log $work/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path $work/body; proxy_temp_path $work/proxy; fastcgi_temp_path $work/fastcgi;
  uwsgi_temp_path $work/uwsgi; scgi_temp_path $work/scgi;
  upstream jwt_bench { server 127.0.0.1:$service_port; keepalive 64; }
  upstream jwt_bench_once { server 127.0.0.1:$service_port; }
  upstream app { server 127.0.0.1:$upstream_port; keepalive 64; }
  proxy_cache_path $work/cache levels=1:2 keys_zone=jwt_auth:10m max_size=64m inactive=2m;
  server { listen 127.0.0.1:$upstream_port; location / { return 200 "ok\n"; } }
  $(front_end "${front[plain]}" "")
  $(front_end "${front[check]}" /_check)
  $(front_end "${front[check_no_keepalive]}" /_check_once)
  $(front_end "${front[check_cached]}" /_check_cached)
}
EOF
"$nginx" -p "$work/" -c "$work/nginx.conf" -e "$work/error.log" &
nginx_pid=$!; pids+=("$nginx_pid")
for v in $variants; do
  for _ in $(seq 1 50); do curl -s -o /dev/null "localhost:${front[$v]}/" && break; sleep 0.1; done
  code=$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $token" "localhost:${front[$v]}/")
  [ "$code" = 200 ] || { echo "$v: NGINX answered $code" >&2; cat "$work/error.log" "$work/service.log" >&2; exit 1; }
done

# --- wrk, rotated rounds -----------------------------------------------------------------------------
declare -A rps p50 p99 nginx_us service_us
measure() {  # $1 variant: keeps the round with the best throughput
  local v=$1 out reqs n0 n1 s0 s1 r
  n0=$(cpu_seconds "$nginx_pid"); s0=$(cpu_seconds "$service_pid")
  out=$(wrk -t1 -c"$conns" -d"${secs}s" --latency -H "Authorization: Bearer $token" "http://127.0.0.1:${front[$v]}/")
  n1=$(cpu_seconds "$nginx_pid"); s1=$(cpu_seconds "$service_pid")
  grep -q 'Non-2xx' <<<"$out" && { echo "$v: wrk saw errors:" >&2; echo "$out" >&2; exit 1; }
  reqs=$(wrk_requests "$out"); r=$(wrk_rps "$out")
  if awk -v r="$r" -v best="${rps[$v]:-0}" 'BEGIN { exit !(r > best) }'; then
    rps[$v]=$r; p50[$v]=$(wrk_p50 "$out"); p99[$v]=$(wrk_p99 "$out")
    nginx_us[$v]=$(awk -v a="$n1" -v b="$n0" -v n="$reqs" 'BEGIN { printf "%.2f", (a - b) / n * 1e6 }')
    service_us[$v]=$(awk -v a="$s1" -v b="$s0" -v n="$reqs" 'BEGIN { printf "%.2f", (a - b) / n * 1e6 }')
  fi
}
echo "warming up (wrk, 4 s per front end)..." >&2
for v in $variants; do wrk -t1 -c"$conns" -d4s -H "Authorization: Bearer $token" "http://127.0.0.1:${front[$v]}/" >/dev/null; done
order=($variants)
for round in $(seq 1 "$rounds"); do
  echo "round $round of $rounds: ${order[*]}" >&2
  for v in "${order[@]}"; do measure "$v"; done
  order=("${order[@]:1}" "${order[0]}")
done

echo
echo "NGINX $("$nginx" -v 2>&1 | sed 's/.*\///'), 1 worker; wrk -t1 -c$conns ${secs}s, best of $rounds rotated rounds; one RS256 token (cached by the service)"
printf '%-22s %10s %9s %9s %14s %16s %12s\n' front_end req/s p50_ms p99_ms nginx_us/req service_us/req cpu_us/req
for v in $variants; do
  printf '%-22s %10.0f %9.3f %9.3f %14.2f %16.2f %12.2f\n' "$v" "${rps[$v]}" "${p50[$v]}" "${p99[$v]}" "${nginx_us[$v]}" \
    "${service_us[$v]}" "$(awk -v a="${nginx_us[$v]}" -v b="${service_us[$v]}" 'BEGIN { print a + b }')"
done
echo
echo "what the check adds to a request through NGINX (against the plain proxy)"
printf '%-22s %14s %10s %10s\n' variant cpu_us/req p50_ms p99_ms
for v in check check_no_keepalive check_cached; do
  printf '%-22s %14.2f %10.3f %10.3f\n' "$v" \
    "$(awk -v a="${nginx_us[$v]}" -v b="${service_us[$v]}" -v c="${nginx_us[plain]}" -v d="${service_us[plain]}" 'BEGIN { print a + b - c - d }')" \
    "$(awk -v a="${p50[$v]}" -v b="${p50[plain]}" 'BEGIN { print a - b }')" "$(awk -v a="${p99[$v]}" -v b="${p99[plain]}" 'BEGIN { print a - b }')"
done
