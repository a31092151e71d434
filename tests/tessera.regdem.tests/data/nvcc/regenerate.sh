#!/usr/bin/env bash
# Regenerates the RegDem corpus of real nvcc output from the CUDA sources in src/ (written for Tessera).
# For every architecture in ARCHS and every src/NAME.cu:
#   sm_XX/NAME.cubin   nvcc -cubin -O3 -arch=sm_XX                      (committed corpus: CUDA 13.0, nvcc-version.txt)
#   sm_XX/NAME.ptxas   ptxas's resource report (-Xptxas -v) per kernel: registers, shared, stack frame, spills
#   sm_XX/NAME.sass    cuobjdump -sass NAME.cubin                       (committed corpus: CUDA 13.0, cuobjdump-version.txt)
#   res-usage/sm_XX.txt  cuobjdump -res-usage of the cubins of sm_XX, in file-name order
# Needs a CUDA 13 toolkit (nvcc, cuobjdump). The machine that made the committed files had nvcc but no cuobjdump;
# the listings and res-usage files come from the GPU machine's CUDA 13 cuobjdump run on the committed cubins
# (hopper/run.sh). LISTINGS=0 skips the cuobjdump steps (compile only).
# Older cuobjdump (e.g. Debian bookworm's 11.8) cannot read CUDA 13's ELF ABI; CUBIN_ABI7=1 disassembles a copy
# whose header cubin_abi7.py rewrote, but 11.8 does not know sm_90 instructions of CUDA 12+ (VIADD, VIMNMX, desc[]
# operands...) and silently leaves them out, so such listings are incomplete and must not be committed.
set -euo pipefail
cd "$(dirname "$0")"
ARCHS=${ARCHS:-"75 80 86 89 90"}
CUOBJDUMP=${CUOBJDUMP:-cuobjdump}
NVCC=${NVCC:-nvcc}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for a in $ARCHS; do
  mkdir -p "sm_$a"
  for src in src/*.cu; do
    name=$(basename "$src" .cu)
    "$NVCC" -cubin -O3 -arch="sm_$a" -Xptxas -v -o "sm_$a/$name.cubin" "$src" 2> "$tmp/log" || { cat "$tmp/log"; exit 1; }
    grep -E 'ptxas info|bytes stack frame' "$tmp/log" | sed 's/^ *//' > "sm_$a/$name.ptxas"
  done
done
"$NVCC" --version | tail -2 > nvcc-version.txt
[ "${LISTINGS:-1}" = 1 ] || exit 0
for a in $ARCHS; do
  : > "res-usage/sm_$a.txt"
  for c in sm_$a/*.cubin; do
    bin=$c
    if [ "${CUBIN_ABI7:-0}" = 1 ]; then python3 cubin_abi7.py "$c" "$tmp/x.cubin"; bin=$tmp/x.cubin; fi
    "$CUOBJDUMP" -sass "$bin" > "${c%.cubin}.sass"
    "$CUOBJDUMP" -res-usage "$bin" >> "res-usage/sm_$a.txt"
  done
done
"$CUOBJDUMP" --version > cuobjdump-version.txt
echo "corpus: $(ls sm_*/*.sass | wc -l) listings"
