#!/usr/bin/env bash
# Makes the patched cubin that run.sh runs on the GPU: Tessera's local->shared variant of nvcc's sm_90 spill_regs
# kernel for blocks of 256 threads, written into a copy of ../sm_90/spill_regs.cubin (read beside the listing).
# TESSERA names the launcher (default: tessera on PATH; in a checkout: the product's bin/tessera after the build).
set -euo pipefail
cd "$(dirname "$0")"
"${TESSERA:-tessera}" regdem ../sm_90/spill_regs.sass --block 256 --patch-cubin spill_regs.local_shared.cubin
echo "256 $(( 41 * 256 * 4 ))" > launch.txt
