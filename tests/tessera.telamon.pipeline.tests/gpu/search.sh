#!/usr/bin/env bash
# Issue 24's device check (the GPU machine: CUDA 13, CuPy, no Java), from the repository root with
# target/gpu-bundle.tar.xz carried (dev/gpu-bundle). Each kernel is searched with the GPU evaluator for at most
# SECONDS_PER seconds (space included) or 2,000 evaluations; the best's decisions, log and summary go to $OUT, its PTX
# is generated again from the saved list, and run_bests.py re-times every best against cuBLAS in FP32 (TF32 off) or,
# for the strided matmul, a naive one-element-per-thread kernel, checking outputs. Device time: about
# 5 × (SECONDS_PER + 15) s. ROLLOUTS=R searches in rounds of R parallel rollouts (--rollouts; default 1).
# Usage: OUT=… SECONDS_PER=45 [ROLLOUTS=16] bash tests/tessera.telamon.pipeline.tests/gpu/search.sh [KERNEL…]
set -u
OUT=${OUT:-/tmp/telamon-search}
T=${SECONDS_PER:-45}
R=${ROLLOUTS:-1}
HERE=$(cd "$(dirname "$0")" && pwd)
KERNELS=("$@")
[ ${#KERNELS[@]} -gt 0 ] || KERNELS=(matmul_256 axpy matmul_1024 strided_matmul batched_matmul)
mkdir -p /tmp/tb "$OUT" && tar -xJf target/gpu-bundle.tar.xz -C /tmp/tb
TB=/tmp/tb/gpu-bundle/bin/tessera
EX=/tmp/tb/gpu-bundle/examples/telamon
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/device.txt" 2>&1
echo "ptxas: $(command -v ptxas || echo none) $(ptxas --version 2>/dev/null | tail -n 1)" >> "$OUT/device.txt"
# smoke: the evaluator reaches the driver and a tiny search runs, before the minutes of the real ones are spent
# (SMOKE=0 skips it once a first call has shown the evaluator working on the machine)
if [ "${SMOKE:-1}" = 1 ]; then
  "$TB" telamon search "$EX/scal.kernel" --param n=4096 --evaluator gpu --budget 5 --seed 1 --rollouts "$R" > "$OUT/smoke.txt" 2>&1
  echo "smoke rc=$?" >> "$OUT/smoke.txt"
  tail -n 6 "$OUT/smoke.txt"
  grep -q '): best ' "$OUT/smoke.txt" || { echo "smoke search measured nothing: no kernel searched"; exit 3; }
fi
for k in "${KERNELS[@]}"; do
  echo "== $k: search (${T} s at most)"
  timeout $((T + 30)) "$TB" --json telamon search "$EX/$k.kernel" --evaluator gpu --budget 2000 --time-limit "$T" \
    --seed 1 --rollouts "$R" --log "$OUT/$k.jsonl" --save "$OUT/$k.decisions" > "$OUT/$k.json" 2> "$OUT/$k.err"
  echo "rc=$?" >> "$OUT/$k.err"
  tail -n 3 "$OUT/$k.err"
  ARCH=$(python3 -c "import json,sys; e=json.load(open('$OUT/$k.json'))['evaluator']; print(e.split('PTX for ')[1].rstrip(')'))" 2>/dev/null || echo sm_90)
  [ -f "$OUT/$k.decisions" ] && "$TB" telamon codegen "$EX/$k.kernel" --arch "$ARCH" --decisions "$OUT/$k.decisions" \
    --out-dir "$OUT/$k-code" > /dev/null 2>> "$OUT/$k.err"
done
python3 "$HERE/run_bests.py" "$OUT" "$OUT/bests.json" 2>&1 | tee "$OUT/bests.log"
