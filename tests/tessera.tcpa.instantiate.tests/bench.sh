#!/usr/bin/env bash
# TCPA instantiation benchmark, seed 003 §7 Tables 1 and 2 in kind (docs/tcpa.md "Instantiation", docs/benchmarks.md):
# compiles the current sources of this test bundle and the bundles it requires (MANIFEST closure) with dev/jtest-tcpa,
# then runs
#   tessera.tcpa.instantiate.tests.bench.InstantiationBenchmark [--runs R] [--only NAME,..] [--arch NAME=FILE.tcpa] [--sim-max-pes N / --no-sim] [--extra RxC] [--breakdown]
# e.g. tests/tessera.tcpa.instantiate.tests/bench.sh --runs 5
# Needs src-gen from one Tycho build of the rdg, pla, tcpa and tcpa.model bundles (mwe2 generates it).
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT"
JTEST_MAIN=tessera.tcpa.instantiate.tests.bench.InstantiationBenchmark exec "$ROOT/dev/jtest-tcpa" tessera.tcpa.instantiate -- "$@"
