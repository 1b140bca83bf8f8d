# Sourced by jmh.sh, perf-report.sh and gateway-overhead.sh: rebuild only what is older than its sources.

# Prints the first source file (poms, probe, runtime, deployment, service; build output excluded)
# newer than $1, or nothing: "[ -n "$(newer_sources F)" ]" means F is stale.
newer_sources() { find pom.xml probe runtime deployment service -name target -prune -o -type f -newer "$1" -print -quit; }

# The packaged service's jar, built first when it is missing or stale (never `install`: other builds read ~/.m2).
packaged_service() {
  local jar=service/target/quarkus-app/quarkus-run.jar
  if [ ! -f "$jar" ] || [ -n "$(newer_sources "$jar")" ]; then
    echo "building the packaged service..." >&2
    ./mvnw -B -q --no-transfer-progress -pl service -am package -DskipTests -DskipITs >&2
  fi
  echo "$jar"
}
