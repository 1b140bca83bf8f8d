#!/usr/bin/env bash
# What this machine allows TLS at all, measured with programs that are not the bench: nginx (OpenSSL, C, event
# loop per worker) answering a fixed health body, and wrk (OpenSSL, C) as the client, both on the same cores as the
# bench's server and generator share. docs/tls.md holds the bench's figures against these ceilings.
# Needs: nginx, wrk, openssl (apt-get install -y nginx wrk openssl).
#   ./scripts/tls-ceiling.sh [seconds=5] [rounds=3]          (ports 19080-19446 on 127.0.0.1)
# Prints, medians over the rounds:
#  1. keep-alive HTTP/1.1 with 50 connections, plain and TLS 1.3 (ECDSA P-256): req/s, TLS ÷ plain, CPU per request
#     (nginx + wrk, from /proc and time(1));
#  2. a connection per request (wrk sends Connection: close, nginx closes, wrk reconnects and, through OpenSSL's
#     SSL_clear, offers the last session's ticket), 16 connections: plain TCP (the floor: connect, accept and close
#     with no TLS), then TLS 1.3 with ECDSA P-256 and RSA-2048, with resumption and without (a second server with
#     tickets and the session cache off): req/s, resumed share from nginx's own log ($ssl_session_reused), CPU per
#     connection;
#  3. what one X25519 key agreement costs in OpenSSL on this CPU (openssl speed): a resumed TLS 1.3 connection still
#     makes one on each side (psk_dhe_ke, what clients offer), generating a key share and deriving the secret.
set -euo pipefail
for tool in nginx wrk openssl; do
  command -v "$tool" >/dev/null || { echo "needs $tool: apt-get install -y nginx wrk openssl" >&2; exit 1; }
done
secs=${1:-5}; rounds=${2:-3}
work=$(mktemp -d)
trap '[ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null; sleep 0.2; rm -rf "$work"' EXIT

for key in ec:ec_paramgen_curve:P-256 rsa:rsa_keygen_bits:2048; do
  name=${key%%:*}
  openssl req -x509 -newkey "$name" -pkeyopt "${key#*:}" -nodes -days 1 -subj /CN=localhost \
    -keyout "$work/$name.key" -out "$work/$name.crt" 2>/dev/null
done
tls_server() {  # $1 port, $2 certificate (ec|rsa), $3 on|off: tickets and session cache
  local cache="shared:S$1:10m"; [ "$3" = on ] || cache=off
  echo "server { listen 127.0.0.1:$1 ssl; ssl_certificate $work/$2.crt; ssl_certificate_key $work/$2.key;
    ssl_protocols TLSv1.3; ssl_session_tickets $3; ssl_session_cache $cache; access_log $work/reused-$1.log reused;
    location / { return 200 '{\"status\":\"UP\",\"checks\":[]}'; } }"
}
cat > "$work/nginx.conf" <<EOF
# two workers: the bench's server has an event loop per core too
worker_processes 2;
pid $work/nginx.pid;
error_log $work/error.log;
events { worker_connections 4096; }
http {
  access_log off;
  log_format reused '\$ssl_session_reused';
  server { listen 127.0.0.1:19080; location / { return 200 '{"status":"UP","checks":[]}'; } }
  $(tls_server 19443 ec on)
  $(tls_server 19444 ec off)
  $(tls_server 19445 rsa on)
  $(tls_server 19446 rsa off)
}
EOF
nginx -c "$work/nginx.conf" -p "$work" -e "$work/error.log"
sleep 0.5

nginx_ticks() {  # user + system clock ticks of nginx's master and workers
  local total=0
  for pid in $(pgrep -f "nginx.*$work/nginx.conf" || true) $(pgrep -P "$(cat "$work/nginx.pid")" || true); do
    total=$((total + $(awk '{ print $14 + $15 }' "/proc/$pid/stat" 2>/dev/null || echo 0)))
  done
  echo $total
}
hz=$(getconf CLK_TCK)
# one wrk run: $1 connections, $2 URL, the rest extra wrk options; prints "req/s requests cpu_seconds(nginx+wrk)"
measure() {
  local before after connections=$1 url=$2
  shift 2
  before=$(nginx_ticks)
  /usr/bin/time -f '%U %S' -o "$work/wrk.time" wrk -t2 -c"$connections" -d"${secs}s" "$@" "$url" > "$work/wrk.out"
  after=$(nginx_ticks)
  awk -v n=$((after - before)) -v hz="$hz" -v t="$(cat "$work/wrk.time")" '
    /requests in/ { reqs = $1 } /Requests\/sec/ { rps = $2 }
    END { split(t, c, " "); printf "%s %s %s\n", rps, reqs, n / hz + c[1] + c[2] }' "$work/wrk.out"
}
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }

# warm: nginx needs none, but the first seconds of a fresh machine's page cache and CPU frequency do
measure 50 http://127.0.0.1:19080/q/health/live >/dev/null
measure 16 https://127.0.0.1:19443/q/health/live -H 'Connection: close' >/dev/null

echo "1. Keep-alive HTTP/1.1, 50 connections, ${secs}s x $rounds rounds (medians):"
printf '%-22s %10s %8s %12s\n' entry req/s "÷ plain" "cpu µs/req"
for r in $(seq 1 "$rounds"); do
  echo "plain $(measure 50 http://127.0.0.1:19080/q/health/live)" >> "$work/keepalive"
  echo "tls $(measure 50 https://127.0.0.1:19443/q/health/live)" >> "$work/keepalive"
done
plain=$(awk '$1 == "plain" { print $2 }' "$work/keepalive" | median)
for entry in plain tls; do
  rps=$(awk -v e=$entry '$1 == e { print $2 }' "$work/keepalive" | median)
  cpu=$(awk -v e=$entry '$1 == e { print $4 / $3 * 1e6 }' "$work/keepalive" | median)
  printf '%-22s %10.0f %8.2f %12.1f\n' "$entry" "$rps" "$(awk -v a="$rps" -v b="$plain" 'BEGIN { print a / b }')" "$cpu"
done

echo
echo "2. A connection per request (Connection: close), 16 connections, TLS 1.3, ${secs}s x $rounds rounds (medians):"
printf '%-28s %10s %9s %14s\n' entry req/s resumed "cpu µs/conn"
for r in $(seq 1 "$rounds"); do
  measure 16 http://127.0.0.1:19080/q/health/live -H 'Connection: close' >> "$work/conn-plain"
done
printf '%-28s %10.0f %9s %14.1f\n' "plain TCP" "$(awk '{ print $1 }' "$work/conn-plain" | median)" "" \
  "$(awk '{ print $3 / $2 * 1e6 }' "$work/conn-plain" | median)"
for entry in "ecdsa-p256 19443" "ecdsa-p256+no-resumption 19444" "rsa-2048 19445" "rsa-2048+no-resumption 19446"; do
  set -- $entry
  for r in $(seq 1 "$rounds"); do
    : > "$work/reused-$2.log"
    m=$(measure 16 "https://127.0.0.1:$2/q/health/live" -H 'Connection: close')
    echo "$m $(awk '$1 == "r" { r++ } END { print r / NR }' "$work/reused-$2.log")" >> "$work/conn-$2"
  done
  printf '%-28s %10.0f %8.0f%% %14.1f\n' "$1" "$(awk '{ print $1 }' "$work/conn-$2" | median)" \
    "$(awk '{ print $4 * 100 }' "$work/conn-$2" | median)" "$(awk '{ print $3 / $2 * 1e6 }' "$work/conn-$2" | median)"
done

echo
speed=$(openssl speed -seconds 2 ecdhx25519 2>/dev/null | awk '/X25519/ { print $NF }')
printf '3. One X25519 key agreement in OpenSSL: %.0f/s, %.1f µs (a resumed connection makes one on each side, besides making its key share)\n' "$speed" \
  "$(awk -v s="$speed" 'BEGIN { print 1e6 / s }')"
