#!/usr/bin/env bash
# Rebuilds the real-loop corpus of docs/modsched.md ("GCC's dependence graphs"): the loops of TSVC_2
# (https://github.com/UoB-HPC/TSVC_2, commit badf9ad, NCSA licence) compiled for POWER8 by Debian's GCC 12 cross
# compiler with its swing modulo scheduler on, in four configurations; each SMS dump is converted with
#   tessera modsched --from-gcc tsvc.c.295r.sms --ddg CONFIG.ddg
# which keeps only the dependence graphs (CONFIG.ddg) and GCC's numbers (CONFIG.gcc.csv). No TSVC source is kept.
# Needs: apt-get install gcc-powerpc64le-linux-gnu git.
# Usage: regenerate.sh [TSVC_2 checkout]   (clones it into a temporary folder when not given)
#        TESSERA=path/to/tessera regenerate.sh   (another launcher than the repository's ./tessera)
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../../.." && pwd)
TESSERA=${TESSERA:-$ROOT/tessera}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
src=${1:-}
if [ -z "$src" ]; then
  git clone -q https://github.com/UoB-HPC/TSVC_2 "$tmp/TSVC_2"
  git -C "$tmp/TSVC_2" checkout -q badf9ad
  src=$tmp/TSVC_2
fi
declare -A FLAGS=(
  [tsvc-O2]="-O2"
  [tsvc-O2-novec]="-O2 -fno-tree-vectorize -fno-unroll-loops"
  [tsvc-O3]="-O3"
  [tsvc-O2-unroll]="-O2 -funroll-loops"
)
for cfg in tsvc-O2 tsvc-O2-novec tsvc-O3 tsvc-O2-unroll; do
  mkdir -p "$tmp/$cfg"
  # shellcheck disable=SC2086
  powerpc64le-linux-gnu-gcc ${FLAGS[$cfg]} -mcpu=power8 -fmodulo-sched -fdump-rtl-sms-details \
    -c "$src/src/tsvc.c" -o "$tmp/$cfg/tsvc.o" -dumpdir "$tmp/$cfg/"
  # exit 1 when our SMS leaves a loop unscheduled: the graphs are written all the same
  "$TESSERA" modsched --from-gcc "$(ls "$tmp/$cfg"/*.sms)" --ddg "$HERE/$cfg.ddg" > "$tmp/$cfg.txt" || true
  tail -n 1 "$tmp/$cfg.txt"
done
