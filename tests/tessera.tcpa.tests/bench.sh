#!/usr/bin/env bash
# Routing benchmark (docs/tcpa.md "Routing"): compiles the current sources of tessera.tcpa and its tests with
# dev/jtest-tcpa (needs src-gen from one Tycho build of tessera.tcpa) and runs RoutingBenchmark, e.g.
#   tests/tessera.tcpa.tests/bench.sh
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT"
JTEST_MAIN=tessera.tcpa.tests.bench.RoutingBenchmark exec "$ROOT/dev/jtest-tcpa" tessera.tcpa -- "$ROOT"
