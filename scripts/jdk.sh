# Sourced by run.sh and test.sh: points JAVA_HOME at a JDK 21+ or stops with what to do.
# jwt-bench needs 21+ (virtual threads); machines of this kind default to java 17 but
# carry a newer JDK under /usr/lib/jvm, so look there before giving up.

java_major() {  # prints the feature version of the java binary in $1, or nothing
  "$1" -XshowSettings:properties -version 2>&1 |
    awk -F' = ' '/java.specification.version/ { split($2, v, "."); print (v[1] == "1" ? v[2] : v[1]) }'
}

find_jdk() {
  local best="" best_major=0 home major
  for home in "${JAVA_HOME:-}" \
              "$(dirname "$(dirname "$(readlink -f "$(command -v java 2>/dev/null || echo /nonexistent)")")")" \
              /usr/lib/jvm/* /opt/java/* /opt/*jdk* /usr/local/*jdk*; do
    [ -n "$home" ] && [ -x "$home/bin/java" ] && [ -x "$home/bin/javac" ] || continue
    major=$(java_major "$home/bin/java")
    [ -n "$major" ] || continue
    # JAVA_HOME wins when it is good enough: the operator chose it.
    if [ "$home" = "${JAVA_HOME:-}" ] && [ "$major" -ge 21 ]; then best=$home; break; fi
    if [ "$major" -gt "$best_major" ]; then best=$home; best_major=$major; fi
  done
  if [ -z "$best" ] || [ "$(java_major "$best/bin/java")" -lt 21 ]; then
    cat >&2 <<MSG
jwt-bench needs a JDK 21 or newer (it uses virtual threads); none was found.
Looked at JAVA_HOME (${JAVA_HOME:-unset}), the java on PATH, /usr/lib/jvm/*, /opt/java/*, /opt/*jdk*.
Install a JDK 21+ (for example Eclipse Temurin 21 or 25) and either put it under /usr/lib/jvm
or run: JAVA_HOME=/path/to/jdk-21-or-newer $0
MSG
    exit 1
  fi
  export JAVA_HOME=$best
  export PATH="$JAVA_HOME/bin:$PATH"
}

find_jdk
