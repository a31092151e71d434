#!/usr/bin/env bash
# The RegDem device check (issue 20), run from the repository root on the GPU machine (CUDA 13, CuPy, no Java):
#  1. CUDA 13's own cuobjdump disassembles every committed corpus cubin (-sass and -res-usage) into $OUT/native.tgz,
#     to compare with the committed listings (made by cuobjdump 11.8 after cubin_abi7.py, see ../regenerate.sh);
#  2. it disassembles the patched cubin made by Tessera (make.sh) into $OUT/patched.sass;
#  3. run_patched.py runs nvcc's kernel and the patched one on the same inputs, compares and times them.
set -u
D=tests/tessera.regdem.tests/data/nvcc
OUT=${OUT:-/tmp/regdem-out}
mkdir -p "$OUT/native"
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > "$OUT/gpu.txt" 2>&1
cuobjdump --version > "$OUT/cuobjdump-version.txt" 2>&1
for dir in "$D"/sm_*; do
  a=$(basename "$dir"); mkdir -p "$OUT/native/$a"
  for c in "$dir"/*.cubin; do
    n=$(basename "$c" .cubin)
    cuobjdump -sass "$c" > "$OUT/native/$a/$n.sass" 2>&1
    cuobjdump -res-usage "$c" > "$OUT/native/$a/$n.res" 2>&1
  done
done
tar czf "$OUT/native.tgz" -C "$OUT" native && rm -rf "$OUT/native"
[ -f "$D/hopper/spill_regs.local_shared.cubin" ] || { echo "no patched cubin yet: listings only"; exit 0; }
cuobjdump -sass "$D/hopper/spill_regs.local_shared.cubin" > "$OUT/patched.sass" 2>&1
read -r BLOCK SMEM < "$D/hopper/launch.txt"
python3 "$D/hopper/run_patched.py" "$D/sm_90/spill_regs.cubin" "$D/hopper/spill_regs.local_shared.cubin" \
  "$BLOCK" "$SMEM" "$OUT/run.json" > "$OUT/run.log" 2>&1; echo "run_patched exit $?" >> "$OUT/run.log"
tail -40 "$OUT/run.log"
