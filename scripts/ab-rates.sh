#!/usr/bin/env bash
# How often scripts/ab.sh is right on this machine: N verdicts of each kind of pair, one jar on both sides
# (A/A), with the slowdown injector on NEW for the injected kinds, and a table of the outcomes:
#   N=100 scripts/ab-rates.sh [JAR [SPEC]]     # JAR default service/target/quarkus-app/quarkus-run.jar
# One verdict here is one whole scripts/ab.sh: two fresh JVMs (nothing is shared between verdicts but the
# jar and the machine), their warm-up, and pairs up to BUDGET; so JVM-to-JVM differences (JIT decisions,
# memory layout) are inside every verdict, as they are for a user. The kinds take turns (A/A, 5 %, 10 %,
# A/A, ...), so a change in the machine's load hits them alike. Unattended: about 5 minutes per verdict
# with the defaults, 300 verdicts for N=100: a day. The output goes to docs/regression.md.
#   KINDS="none 5% 10%"   the INJECT of each kind (none: A/A)
#   OUT=dir               where each verdict's output and pairs (CSV) are kept (default ab-rates-<time>); run again
#                         with the same OUT to resume: verdicts already in OUT/verdicts.csv are not run again
#   MODE, BUDGET, TOLERANCE, SEGMENT, AB_JAVA_OPTS: passed to scripts/ab.sh
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
jar=${1:-$here/../service/target/quarkus-app/quarkus-run.jar}
spec=${2:-'{"target":"jwt"}'}
N=${N:-100}
KINDS=${KINDS:-"none 5% 10%"}
out=${OUT:-ab-rates-$(date +%Y%m%d-%H%M%S)}
[ -f "$jar" ] || { echo "ab-rates: no jar at $jar (build it: ./mvnw package -DskipTests)" >&2; exit 2; }
mkdir -p "$out" || exit 2
[ -f "$out/verdicts.csv" ] || echo "kind,i,exit,seconds,outcome,injected_percent,verdict" > "$out/verdicts.csv"
echo "ab-rates: $N verdicts of each of: $KINDS; $jar against itself; spec $spec; MODE=${MODE:-default} BUDGET=${BUDGET:-default}; into $out"
echo "ab-rates: the machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start"

for i in $(seq "$N"); do
  for kind in $KINDS; do
    label=${kind//%/pct}
    grep -q "^$kind,$i," "$out/verdicts.csv" && continue  # resuming into the same OUT: done already
    start=$(date +%s)
    INJECT=$kind PAIRS="$out/$label-$i.pairs.csv" "$here/ab.sh" "$jar" "$jar" "$spec" > "$out/$label-$i.txt" 2>&1
    rc=$?
    seconds=$(( $(date +%s) - start ))
    verdict=$(grep '^verdict:' "$out/$label-$i.txt" | tail -1)
    outcome=$(sed -E 's/^verdict: (PASS|REGRESSED|INCONCLUSIVE|cannot judge).*/\1/' <<<"$verdict")
    injected=$(grep -o '): [0-9.]* % of BASE' "$out/$label-$i.txt" | grep -o '[0-9.]*' | head -1)
    echo "$kind,$i,$rc,$seconds,$outcome,${injected:-},\"${verdict//\"/\'}\"" >> "$out/verdicts.csv"
    printf 'ab-rates: %-5s %3d/%d  exit %d  %4d s  load %s  %s\n' "$kind" "$i" "$N" "$rc" "$seconds" \
      "$(cut -d' ' -f1 /proc/loadavg)" "${verdict:0:150}"
  done
done

awk -F, -f "$here/rates-table.awk" "$out/verdicts.csv"
