# Sourced by the scripts that read wrk's output (compare-with-wrk.sh, perf-report.sh, gateway-overhead.sh, perf/tails.sh).

# wrk's latency with its unit ("812.00us", "1.23ms", "2.01s") on stdin: milliseconds, 3 decimals.
to_ms() { awk '{ v=$1; if (v ~ /us$/) { sub(/us/,"",v); v/=1000 } else if (v ~ /ms$/) { sub(/ms/,"",v) } else if (v ~ /s$/) { sub(/s/,"",v); v*=1000 } printf "%.3f", v }'; }

# From the output of `wrk --latency` in $1: requests per second, p50 and p99 in ms, requests.
wrk_rps() { awk '/Requests\/sec/ { print $2 }' <<<"$1"; }
wrk_p50() { awk '$1=="50%" { print $2 }' <<<"$1" | to_ms; }
wrk_p99() { awk '$1=="99%" { print $2 }' <<<"$1" | to_ms; }
wrk_requests() { awk '/requests in/ { print $1 }' <<<"$1"; }
# wrk2's --latency prints HdrHistogram percentiles ("99.000%    1.23ms"): its p99 in ms.
wrk2_p99() { awk '$1=="99.000%" { print $2; exit }' <<<"$1" | to_ms; }

# A process's user + system CPU so far, in seconds, from /proc/$1/stat: sampled around a wrk run, ÷ its requests.
cpu_seconds() { awk -v t="$(getconf CLK_TCK)" '{ printf "%.4f", ($14 + $15) / t }' "/proc/$1/stat"; }
