#!/usr/bin/env bash
# Gates a CI job on a bench run of a running service:
#   scripts/bench-gate.sh SPEC_JSON [BASE_URL=http://localhost:8080]
# Starts the run (waiting for it), prints its text summary and exits
#   0  its thresholds passed and, with a baseline, it is not slower
#   1  a threshold failed, or it is slower than the baseline beyond the tolerance (the summary's last
#      line says which and why)
#   2  nothing to gate on: the service is unreachable, refused the spec (400, 401/403, 409 busy), the
#      spec has no "thresholds" and there is no baseline, or the regression could not be judged (a baseline
#      not comparable, or runs too short: fewer than 2 measured seconds) or is inconclusive (an interval
#      that holds both no change and one beyond the tolerance: rerun, longer)
# BENCH_TOKEN: a bearer token with the bench role, where the bench is protected (outside dev mode); curl reads it
#   from a private temporary file, so it is not on any process' command line.
# JUNIT=file: also writes the run's junit.xml there, for the CI server's test report.
# BASELINE=file: a run report saved earlier (curl .../q/bench/runs/<id> > baseline.json), held against
#   this run (its "regression" section); TOLERANCE=percent: a change within it passes (default 20).
# SAVE=file: also saves this run's report there, the next job's baseline.
# Needs curl only.
set -uo pipefail
spec=${1:?usage: bench-gate.sh SPEC_JSON [BASE_URL]}
base=${2:-http://localhost:8080}
answer=$(mktemp)
body=$(mktemp)
headers=$(mktemp) # 0600: the token is read by curl from here, never put on its command line (ps shows that)
trap 'rm -f "$answer" "$body" "$headers"' EXIT
auth=()
if [ -n "${BENCH_TOKEN:-}" ]; then
  printf 'Authorization: Bearer %s\n' "$BENCH_TOKEN" > "$headers"
  auth=(-H "@$headers")
fi
if [ -n "${TOLERANCE:-}" ] && ! [[ "$TOLERANCE" =~ ^[0-9]+(\.[0-9]+)?$ ]]; then
  echo "bench-gate: TOLERANCE must be a number of percent, e.g. 10 or 12.5, got: $TOLERANCE" >&2
  exit 2
fi

# the spec, with the baseline report spliced in before its closing brace (no jq needed)
if [ -n "${BASELINE:-}" ]; then
  [ -r "$BASELINE" ] || { echo "bench-gate: cannot read BASELINE $BASELINE" >&2; exit 2; }
  trimmed=$(sed -e 's/[[:space:]]*$//' <<<"$spec")
  [ "${trimmed: -1}" = "}" ] || { echo "bench-gate: the spec must be a JSON object" >&2; exit 2; }
  { printf '%s,"baseline":' "${trimmed%\}}"; cat "$BASELINE"
    [ -n "${TOLERANCE:-}" ] && printf ',"tolerancePercent":%s' "$TOLERANCE"; printf '}'; } > "$body"
else
  printf '%s' "$spec" > "$body"
fi

status=$(curl -s -o "$answer" -w '%{http_code}' -X POST "$base/q/bench/runs?wait=true" \
  -H 'Content-Type: application/json' -H 'Accept: application/json' "${auth[@]}" --data-binary @"$body") \
  || { echo "bench-gate: $base is unreachable" >&2; exit 2; }
if [ "$status" != 200 ]; then
  echo "bench-gate: the bench answered HTTP $status: $(cat "$answer")" >&2
  exit 2
fi
# the report's own id comes first in it
id=$(grep -o '"id":"[A-Za-z0-9_-]*"' "$answer" | head -1 | cut -d'"' -f4)
summary=$(curl -sf "$base/q/bench/runs/$id" -H 'Accept: text/plain' "${auth[@]}") \
  || { echo "bench-gate: cannot read run $id" >&2; exit 2; }
echo "$summary"
if [ -n "${SAVE:-}" ]; then
  cp "$answer" "$SAVE" || { echo "bench-gate: cannot write $SAVE" >&2; exit 2; }
fi
if [ -n "${JUNIT:-}" ]; then
  curl -sf "$base/q/bench/runs/$id/junit.xml" "${auth[@]}" -o "$JUNIT" \
    || { echo "bench-gate: cannot write $JUNIT" >&2; exit 2; }
fi
verdict=$(tail -1 <<<"$summary")
case "$verdict" in "verdict: failed"*) exit 1 ;; esac
if grep -qE '^Regression: (not comparable|not judged|inconclusive)' <<<"$summary"; then
  echo "bench-gate: the regression could not be judged or cannot tell (see the Regression line): nothing to gate on" >&2
  exit 2
fi
case "$verdict" in
  "verdict: passed") exit 0 ;;
  *) echo "bench-gate: the spec has no \"thresholds\" and there is no BASELINE: nothing to gate on" >&2; exit 2 ;;
esac
