#!/usr/bin/env bash
# Routing benchmark (docs/tcpa.md "Routing"): run after a build of tessera.tcpa and its tests, e.g.
#   dev/mvn -o -B -q -pl target-platform,bundles/tessera.core,bundles/tessera.diagram,bundles/tessera.tcpa,bundles/tessera.tcpa.ide,tests/tessera.tcpa.tests verify
#   tests/tessera.tcpa.tests/bench.sh
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
. "$ROOT/.mvn/select-jdk.sh"; tessera_select_jdk
M2=${M2_REPO:-$HOME/.m2/repository}
cp=""
for j in org/eclipse/xtext/org.eclipse.xtext org/eclipse/xtext/org.eclipse.xtext.util org/eclipse/xtext/org.eclipse.xtext.xbase.lib \
         org/eclipse/emf/org.eclipse.emf.common org/eclipse/emf/org.eclipse.emf.ecore org/eclipse/emf/org.eclipse.emf.ecore.xmi \
         com/google/inject/guice jakarta/inject/jakarta.inject-api javax/inject/javax.inject aopalliance/aopalliance \
         com/google/guava/guava com/google/guava/failureaccess log4j/log4j org/ow2/sat4j/org.ow2.sat4j.core \
         org/ow2/sat4j/org.ow2.sat4j.pb com/google/code/gson/gson io/github/classgraph/classgraph \
         org/eclipse/platform/org.eclipse.equinox.common org/eclipse/platform/org.eclipse.osgi; do
  f=$(ls -1 "$M2/$j"/*/*.jar 2>/dev/null | grep -v -- '-sources\|/bnd-' | sort -V | tail -n 1 || true)
  [ -n "$f" ] && cp="$cp:$f"
done
cp="$cp:$M2/org/antlr/antlr-runtime/3.2/antlr-runtime-3.2.jar"
for b in bundles/tessera.core bundles/tessera.diagram bundles/tessera.tcpa tests/tessera.tcpa.tests; do
  cp="$cp:$ROOT/$b/target/classes"
done
exec java -cp "${cp#:}" tessera.tcpa.tests.bench.RoutingBenchmark "$ROOT"
