#!/usr/bin/env bash
# Regenerates the JSON instances of the GPU space (gpu.exh) kept next to it: each file is the output of
# `tessera telamon instance KERNEL [--param N=V]`, i.e. the kernel's objects and the answers of the catalogue
# tessera.telamon.space.Queries for target sm_80, produced from the named kernel of examples/telamon/:
#   scal-64.json        examples/telamon/scal.kernel with n = 64 (Table 4.1: one dimension strip-mined twice)
#   axpy-64.json        examples/telamon/axpy.kernel with n = 64 (four loop nests and nine point-to-point pairs, whose
#                       dim_mapping TEMP_ARRAY fires the lowering $fun.lower_to_memory: tmp_*, st_*, ld_* objects)
#   outer_product.json  examples/telamon/outer_product.kernel as written (Table 4.2, Listing 4.12)
# They are data made by our tool from real kernel files: never edit them by hand, rerun this script after changing a
# kernel, the space or the catalogue (tests/tessera.telamon.pipeline.tests InstanceFilesTest compares them with the
# catalogue's output, reading the `instance` lines below). Tests using them: tessera.dspace.tests (ListingsTest,
# QuotientTriggerTest, GeneratedCodeTest, CliPassExplorerTest), tessera.dspace.ui.tests and the dspace benchmark.
#
# The command line is ./tessera when it is built (README: `./tessera demo` or `./mvnw -B package` build it; it
# rebuilds itself when sources changed), else the fast loop `JTEST_MAIN=tessera.cli.Main dev/jtest-tcpa
# tessera.telamon.pipeline --` (needs the src-gen of one earlier Tycho build); TESSERA_CLI='…' overrides both.
#   examples/telamon/space/regenerate-instances.sh          # from any directory
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$ROOT" # kernels are named relative to the repository root: their path is part of each file's description
if [ -n "${TESSERA_CLI:-}" ]; then
  read -r -a cli <<< "$TESSERA_CLI"
elif [ -d releng/tessera.cli.dist/target/repository/plugins ]; then
  cli=(./tessera --quiet)
else
  cli=(env JTEST_MAIN=tessera.cli.Main dev/jtest-tcpa tessera.telamon.pipeline --)
fi
DIR=examples/telamon/space
# instance OUTPUT KERNEL [OPTIONS...]: writes stdout only (the JVM's warnings go to stderr); a failure keeps the old file
instance() {
  local out=$1; shift
  local tmp; tmp=$(mktemp)
  if ! "${cli[@]}" telamon instance "$@" > "$tmp" 2> "$tmp.err"; then
    cat "$tmp.err" >&2; rm -f "$tmp" "$tmp.err"
    echo "regenerate-instances: tessera telamon instance $* failed" >&2
    exit 1
  fi
  cat "$tmp" > "$DIR/$out"
  rm -f "$tmp" "$tmp.err"
  echo "$DIR/$out" >&2
}
instance scal-64.json examples/telamon/scal.kernel --param n=64
instance axpy-64.json examples/telamon/axpy.kernel --param n=64
instance outer_product.json examples/telamon/outer_product.kernel
