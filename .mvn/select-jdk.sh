# Sourced by mvnw, ./tessera, ./studio and .ci/run: Tycho 5 and Eclipse 4.41 need Java 21+.
# Keeps JAVA_HOME when it already points at 21+, else picks the newest JDK >= 21 it can find.
tessera_java_major() { # $1 = path to a java binary
  "$1" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = \([0-9]*\).*/\1/p' | head -n 1
}
tessera_select_jdk() {
  local cand best="" bestv=0 v
  for cand in "${JAVA_HOME:-}" "$(dirname "$(dirname "$(readlink -f "$(command -v java 2>/dev/null || echo /nonexistent)")")")" /usr/lib/jvm/* /opt/java/* /usr/local/lib/jvm/*; do
    [ -n "$cand" ] && [ -x "$cand/bin/java" ] && [ -x "$cand/bin/javac" ] || continue
    v=$(tessera_java_major "$cand/bin/java")
    [ -n "$v" ] || continue
    if [ "$cand" = "${JAVA_HOME:-}" ] && [ "$v" -ge 21 ]; then best="$cand"; break; fi
    if [ "$v" -ge 21 ] && [ "$v" -gt "$bestv" ]; then best="$cand"; bestv=$v; fi
  done
  if [ -z "$best" ]; then
    echo "tessera: a JDK 21 or newer is required (found none in JAVA_HOME, PATH or /usr/lib/jvm). Install one and set JAVA_HOME." >&2
    return 1
  fi
  export JAVA_HOME="$best"
  export PATH="$JAVA_HOME/bin:$PATH"
}
