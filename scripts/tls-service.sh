# Sourced by the TLS scripts (compare-with-h2load.sh, tls-engines.sh): start_tls_service starts the packaged service
# with a fresh development certificate (the one-line ECDSA P-256 command of application.properties) in $work, on
# $port (HTTP) and $tls_port (HTTPS), the bench open and no smoke bench, with the extra -D options it is given; sets
# $server to its pid and waits until it answers (up to 2 minutes: a busy machine starts it slowly). The caller kills
# it (trap). Pick ports below 32768: above, the kernel hands them out to outgoing connections.
server=""
start_tls_service() {
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 1 -subj /CN=localhost \
    -addext subjectAltName=DNS:localhost,IP:127.0.0.1 -keyout "$work/key.pem" -out "$work/cert.pem" 2>/dev/null
  java $JVM_DEFAULTS -Dquarkus.http.port=$port -Dquarkus.http.ssl-port=$tls_port \
    -Dquarkus.tls.key-store.pem.0.cert="$work/cert.pem" -Dquarkus.tls.key-store.pem.0.key="$work/key.pem" \
    -Dquarkus.bench.security.enabled=false -Dquarkus.bench.smoke.enabled=false "$@" \
    -jar service/target/quarkus-app/quarkus-run.jar > "$work/server.log" 2>&1 &
  server=$!
  for _ in $(seq 1 240); do
    kill -0 $server 2>/dev/null || { echo "the service did not start:" >&2; cat "$work/server.log" >&2; exit 1; }
    curl -sf "http://127.0.0.1:$port/q/health/live" >/dev/null && return; sleep 0.5
  done
  echo "the service did not answer within 2 minutes" >&2; exit 1
}
