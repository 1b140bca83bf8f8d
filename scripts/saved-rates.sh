#!/usr/bin/env bash
# How well a build is judged against a saved measurement (ab.sh with SAVE and AGAINST) on this machine: the
# false-alarm rate, the detection rate of injected slowdowns, and so the smallest change that mode can see.
#   ROUNDS=10 scripts/saved-rates.sh [JAR [SPEC]]     # JAR default service/target/quarkus-app/quarkus-run.jar
# Each round measures the jar once per kind, LAUNCHES (default 3) JVM launches each, as ab.sh SAVE does:
#   none   held against the previous round's "none" and saved (from round 2 on an A/A verdict: a baseline measured
#          one round, about a quarter of an hour, earlier, as yesterday's would be)
#   5%, 10%  INJECT=5% or 10% (a share of the launch's own CPU per request, burned in the validator's path), held
#          against this round's "none"
# then the table: per kind the outcomes, a 95 % Wilson interval for the share REGRESSED, the mean interval and
# what was burned. Every verdict uses ab.sh's own gates (fingerprint, canary, launches' Welch interval).
#   OUT=dir       where each measurement (JSON), output and verdicts.csv go (default saved-rates-<time>); run again
#                 with the same OUT to resume: rounds already in OUT/verdicts.csv are not run again
#   KINDS="5% 10%"  the injected kinds beside "none"; TOLERANCE, LAUNCHES, SEGMENT, WARMUP: passed to ab.sh
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
jar=${1:-$here/../service/target/quarkus-app/quarkus-run.jar}
spec=${2:-'{"target":"jwt"}'}
ROUNDS=${ROUNDS:-10}
KINDS=${KINDS:-"5% 10%"}
out=${OUT:-saved-rates-$(date +%Y%m%d-%H%M%S)}
[ -f "$jar" ] || { echo "saved-rates: no jar at $jar (build it: ./mvnw package -DskipTests)" >&2; exit 2; }
command -v jq >/dev/null || { echo "saved-rates: needs jq" >&2; exit 2; }
mkdir -p "$out" || exit 2
csv=$out/verdicts.csv
[ -f "$csv" ] || echo "kind,round,exit,seconds,outcome,change,low,high,burned_percent,verdict" > "$csv"
echo "saved-rates: $ROUNDS rounds of none then $KINDS, ${LAUNCHES:-3} launches each; $jar; spec $spec; into $out"
echo "saved-rates: the machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start"

median() { jq "[.launches[].$1] | sort | if length % 2 == 1 then .[length / 2 | floor] else (.[length / 2 - 1] + .[length / 2]) / 2 end" "$2"; }

# one measurement: ab.sh with SAVE=<out>/<label>-<round>.json, AGAINST= the baseline when there is one
measure() {  # kind round baseline-file-or-empty
  local kind=$1 i=$2 base=$3 label=${1//%/pct} start rc verdict outcome numbers burned=""
  grep -q "^$kind,$i," "$csv" && return 0  # resuming: done already
  [ "$kind" = none ] && [ -f "$out/$label-$i.json" ] && [ -z "$base" ] && return 0
  start=$(date +%s)
  INJECT=${kind/none/} SAVE="$out/$label-$i.json" AGAINST=${base:-} "$here/ab.sh" "$jar" "$spec" > "$out/$label-$i.txt" 2>&1
  rc=$?
  [ -n "$base" ] || return 0  # the first baseline: nothing judged
  verdict=$(grep '^verdict:' "$out/$label-$i.txt" | tail -1)
  outcome=$(sed -E 's/^verdict: (PASS|REGRESSED|INCONCLUSIVE|cannot judge).*/\1/' <<<"$verdict")
  # "CPU/request +4.1 % [+0.3, +8.0]": the change and its interval
  numbers=$(grep -oE 'CPU/request [-+][0-9.]+ % \[[-+][0-9.]+, [-+][0-9.]+\]' <<<"$verdict" | tr -d '[],%+' | awk '{print $2","$3","$4}')
  if [ "$kind" != none ] && [ -f "$out/$label-$i.json" ]; then
    burned=$(awk -v b="$(median burnedCpuUsPerRequest "$out/$label-$i.json")" -v c="$(median cpuUsPerRequest "$base")" \
      'BEGIN { printf "%.1f", 100 * b / c }')
  fi
  echo "$kind,$i,$rc,$(( $(date +%s) - start )),$outcome,${numbers:-,,},$burned,\"${verdict//\"/\'}\"" >> "$csv"
  printf 'saved-rates: %-5s round %2d  exit %d  %4d s  load %s  %s\n' "$kind" "$i" "$rc" "$(( $(date +%s) - start ))" \
    "$(cut -d' ' -f1 /proc/loadavg)" "${verdict:0:150}"
}

for i in $(seq "$ROUNDS"); do
  prev=""
  [ "$i" -gt 1 ] && prev=$out/none-$(( i - 1 )).json
  measure none "$i" "$prev"
  [ -f "$out/none-$i.json" ] || { echo "saved-rates: round $i's baseline was not saved: $out/none-$i.txt" >&2; exit 2; }
  for kind in $KINDS; do measure "$kind" "$i" "$out/none-$i.json"; done
done

awk -F, -f "$here/rates-table.awk" "$csv"
