#!/usr/bin/env bash
# Prints the package cycles of the bench runtime and exits 1 if there is any (0: none).
# Reads the compiled classes with jdeps -verbose:package, so compile first
# (./mvnw -q -pl probe,runtime compile). Usage: scripts/package-cycles.sh [classes-dir]
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/jdk.sh
classes=${1:-runtime/target/classes}
[ -d "$classes" ] || { echo "no $classes: compile first (./mvnw -q -pl probe,runtime compile)" >&2; exit 2; }

# "a -> b" for every dependency between two of the project's packages
"$JAVA_HOME/bin/jdeps" -verbose:package -e 'io\.jwtbench\..*' "$classes" 2>/dev/null |
  awk '$2 == "->" && $1 ~ /^io\.jwtbench\./ && $3 ~ /^io\.jwtbench\./ && $1 != $3 { print $1, $3 }' |
  sort -u |
  awk '
    { edge[$1, $2] = 1; node[$1] = 1; node[$2] = 1 }
    END {
      n = 0; for (p in node) name[n++] = p
      # transitive closure (Floyd-Warshall): reach[a,b] when a depends on b, directly or not
      for (i = 0; i < n; i++) for (j = 0; j < n; j++) reach[i, j] = ((name[i], name[j]) in edge)
      for (k = 0; k < n; k++) for (i = 0; i < n; i++) if (reach[i, k]) for (j = 0; j < n; j++) if (reach[k, j]) reach[i, j] = 1
      cycles = 0
      for (i = 0; i < n; i++) for (j = i + 1; j < n; j++) if (reach[i, j] && reach[j, i]) {
        print "cycle: " name[i] " <-> " name[j]; cycles++
      }
      if (cycles) { print cycles " package pair(s) depend on each other"; exit 1 }
      print "no package cycles among " n " packages"
    }'
