#!/usr/bin/env bash
# Issue 18's device check, from the repository root on the GPU machine (CUDA 13, CuPy, no Java): the random leaves
# written beforehand by bench.GpuLeaves (see docs/telamon.md) arrive as gpu-leaves.tgz in the repository root.
set -u
OUT=${OUT:-/tmp/telamon-out}
mkdir -p "$OUT" /tmp/leaves && tar xzf gpu-leaves.tgz -C /tmp/leaves
python3 tests/tessera.telamon.pipeline.tests/gpu/run_leaves.py /tmp/leaves "$OUT/leaves.json" 2>&1 | tee "$OUT/run.log"
