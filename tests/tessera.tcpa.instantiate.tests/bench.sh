#!/usr/bin/env bash
# TCPA instantiation benchmark, seed 003 §7 Tables 1 and 2 in kind (docs/tcpa.md "Instantiation", docs/benchmarks.md):
# compiles the current sources of tessera.tcpa.instantiate and the bundles it requires (MANIFEST closure) and the bench
# package with javac against the jars of ~/.m2, then runs
#   tessera.tcpa.instantiate.tests.bench.InstantiationBenchmark [--runs R] [--only NAME,..] [--arch NAME=FILE.tcpa] [--sim-max-pes N / --no-sim] [--extra RxC] [--breakdown]
# e.g. tests/tessera.tcpa.instantiate.tests/bench.sh --runs 5
# Needs src-gen from one Tycho build of the rdg, pla, tcpa, tcpa.mapping and tcpa.sim bundles (mwe2 generates it).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
. "$ROOT/.mvn/select-jdk.sh"; tessera_select_jdk
M2=${M2_REPO:-$HOME/.m2/repository}
CP=""
for j in org/eclipse/xtext/org.eclipse.xtext org/eclipse/xtext/org.eclipse.xtext.util org/eclipse/xtext/org.eclipse.xtext.xbase.lib \
         com/google/inject/guice com/google/guava/guava com/google/guava/failureaccess jakarta/inject/jakarta.inject-api \
         javax/inject/javax.inject aopalliance/aopalliance ch/qos/reload4j/reload4j org/eclipse/platform/org.eclipse.equinox.common \
         org/eclipse/emf/org.eclipse.emf.common org/eclipse/emf/org.eclipse.emf.ecore org/eclipse/emf/org.eclipse.emf.ecore.xmi \
         com/google/code/gson/gson org/eclipse/platform/org.eclipse.osgi org/eclipse/elk/org.eclipse.elk.core \
         org/eclipse/elk/org.eclipse.elk.graph org/eclipse/elk/org.eclipse.elk.alg.common org/eclipse/elk/org.eclipse.elk.alg.layered \
         org/ow2/sat4j/org.ow2.sat4j.core org/ow2/sat4j/org.ow2.sat4j.pb org/ojalgo/ojalgo; do
  f=$(ls -1 "$M2/$j"/*/*.jar 2>/dev/null | grep -v -- '-sources\|/bnd-' | sort -V | tail -n 1 || true)
  [ -n "$f" ] || { echo "missing $j in $M2 (run a Tycho build first)" >&2; exit 2; }
  CP="$CP:$f"
done
CP="$CP:$M2/org/antlr/antlr-runtime/3.2/antlr-runtime-3.2.jar"
OUT=$ROOT/target/tcpa-instantiate-bench
rm -rf "$OUT"; mkdir -p "$OUT/classes/META-INF/services"
# the tessera bundles reachable through Require-Bundle from tessera.tcpa.instantiate (others add dependencies over time)
requires() { awk '/^Require-Bundle:/{on=1} on&&/^[A-Za-z-]+:/&&!/^Require-Bundle:/{on=0} on' "$ROOT/bundles/$1/META-INF/MANIFEST.MF" \
  | grep -o 'tessera\.[A-Za-z0-9.]*' | sort -u; }
todo=(tessera.tcpa.instantiate); bundles=()
while [ ${#todo[@]} -gt 0 ]; do
  b=${todo[0]}; todo=("${todo[@]:1}")
  [[ " ${bundles[*]} " == *" $b "* ]] && continue
  bundles+=("$b")
  for r in $(requires "$b"); do todo+=("$r"); done
done
dirs=("$ROOT/tests/tessera.tcpa.instantiate.tests/src/tessera/tcpa/instantiate/tests/bench")
for b in "${bundles[@]}"; do
  [ -d "$ROOT/bundles/$b/src" ] || { echo "missing bundles/$b/src" >&2; exit 2; }
  dirs+=("$ROOT/bundles/$b/src")
  [ -d "$ROOT/bundles/$b/src-gen" ] && dirs+=("$ROOT/bundles/$b/src-gen")
done
find "${dirs[@]}" -name '*.java' > "$OUT/sources.txt"
javac -nowarn -proc:none -encoding UTF-8 -d "$OUT/classes" -cp "${CP#:}" @"$OUT/sources.txt" 2>&1 | grep -v '^Note:' || true
for d in "${dirs[@]}"; do (cd "$d" && find . -type f ! -name '*.java' ! -name '*.xtend' ! -name '*.mwe2' -exec cp --parents {} "$OUT/classes/" \;); done
for b in "${bundles[@]}"; do
  for s in "$ROOT/bundles/$b"/META-INF/services/*; do [ -f "$s" ] && cat "$s" >> "$OUT/classes/META-INF/services/$(basename "$s")"; done
done
echo "$OUT/classes:${CP#:}" > "$OUT/classpath.txt"   # for ad-hoc runs: java -cp "$(cat target/tcpa-instantiate-bench/classpath.txt)" ...
cd "$ROOT"
exec java -Xss16m -cp "$OUT/classes:${CP#:}" tessera.tcpa.instantiate.tests.bench.InstantiationBenchmark "$@"
