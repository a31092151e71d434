#!/usr/bin/env bash
# PLA benchmark on a plain class path (docs/pla.md §8): compiles core, diagram, rdg, pla, pla.ide and these tests with
# javac against the Xtext/EMF/ELK jars of ~/.m2 (versions of target-platform/tessera.target), then runs
#   tessera.pla.tests.bench.PlaBenchmark [lines] [runs]          e.g. tests/tessera.pla.tests/bench.sh 2000 21
# Needs src-gen from one Tycho build of bundles/tessera.rdg and bundles/tessera.pla (mwe2 generates it).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
. "$ROOT/.mvn/select-jdk.sh"; tessera_select_jdk
M2=${M2_REPO:-$HOME/.m2/repository}
CP=""
for j in org/eclipse/xtext/org.eclipse.xtext/2.42.0 org/eclipse/xtext/org.eclipse.xtext.util/2.42.0 \
         org/eclipse/xtext/org.eclipse.xtext.xbase.lib/2.42.0 org/eclipse/xtext/org.eclipse.xtext.ide/2.42.0 \
         com/google/inject/guice/7.0.0 com/google/guava/guava/33.5.0-jre com/google/guava/failureaccess/1.0.3 \
         jakarta/inject/jakarta.inject-api/2.0.1 javax/inject/javax.inject/1 aopalliance/aopalliance/1.0 \
         org/antlr/antlr-runtime/3.2 ch/qos/reload4j/reload4j/1.2.26 org/eclipse/platform/org.eclipse.equinox.common/3.20.300 \
         org/eclipse/emf/org.eclipse.emf.common/2.46.0 org/eclipse/emf/org.eclipse.emf.ecore/2.43.0 \
         org/eclipse/emf/org.eclipse.emf.ecore.xmi/2.41.0 com/google/code/gson/gson/2.15.0 \
         org/eclipse/platform/org.eclipse.osgi/3.24.300 org/eclipse/elk/org.eclipse.elk.core/0.12.1 \
         org/eclipse/elk/org.eclipse.elk.graph/0.12.1 org/eclipse/elk/org.eclipse.elk.alg.common/0.12.1 \
         org/eclipse/elk/org.eclipse.elk.alg.layered/0.12.1 org/eclipse/lsp4j/org.eclipse.lsp4j/1.0.0 \
         org/eclipse/lsp4j/org.eclipse.lsp4j.jsonrpc/1.0.0; do
  f=$(ls "$M2/$j"/*.jar 2>/dev/null | grep -v -- -sources | head -n 1 || true)
  [ -n "$f" ] || { echo "missing $j in $M2 (run a Tycho build first)" >&2; exit 2; }
  CP="$CP:$f"
done
OUT=$ROOT/target/pla-bench
rm -rf "$OUT"; mkdir -p "$OUT/classes/META-INF/services"
dirs=()
for d in bundles/tessera.core/src bundles/tessera.diagram/src bundles/tessera.rdg/src bundles/tessera.rdg/src-gen \
         bundles/tessera.pla/src bundles/tessera.pla/src-gen bundles/tessera.pla.ide/src bundles/tessera.pla.ide/src-gen \
         tests/tessera.pla.tests/src/tessera/pla/tests/bench; do
  [ -d "$ROOT/$d" ] || { echo "missing $d (run a Tycho build of the PLA bundles first)" >&2; exit 2; }
  dirs+=("$ROOT/$d")
done
find "${dirs[@]}" -name '*.java' > "$OUT/sources.txt"
javac -nowarn -encoding UTF-8 -d "$OUT/classes" -cp "${CP#:}" @"$OUT/sources.txt" 2>&1 | grep -v '^Note:' || true
for d in "${dirs[@]}"; do (cd "$d" && find . -type f ! -name '*.java' ! -name '*.xtend' -exec cp --parents {} "$OUT/classes/" \;); done
for b in tessera.core tessera.diagram tessera.rdg tessera.pla tessera.pla.ide; do
  for s in "$ROOT/bundles/$b"/META-INF/services/*; do [ -f "$s" ] && cat "$s" >> "$OUT/classes/META-INF/services/$(basename "$s")"; done
done
exec java -cp "$OUT/classes:${CP#:}" tessera.pla.tests.bench.PlaBenchmark "$@"
