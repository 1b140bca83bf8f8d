# Sourced by jmh.sh and perf-report.sh: rebuild only what is older than its sources.

# Prints the first source file (poms, probe, runtime, deployment, service; build output excluded)
# newer than $1, or nothing: "[ -n "$(newer_sources F)" ]" means F is stale.
newer_sources() { find pom.xml probe runtime deployment service -name target -prune -o -type f -newer "$1" -print -quit; }
