#!/usr/bin/env bash
# Issue 24's device call as run (the GPU machine, from the repository root, target/gpu-bundle.tar.xz carried):
# search.sh under one time cap, then everything it wrote packed into $OUT, since at most 8 files come back:
# $OUT/search.tar.xz (logs, decision lists, summaries, regenerated PTX), bests.json and device.txt beside it.
# Usage: OUT=… [SECONDS_PER=80] [CAP=520] [ROLLOUTS=R] [SMOKE=0] bash tests/tessera.telamon.pipeline.tests/gpu/device24.sh [KERNEL…]
set -u
RESULTS=${OUT:?set OUT}
WORK=/tmp/telamon-search
rm -rf "$WORK" && mkdir -p "$WORK"
export PYTHONUNBUFFERED=1
timeout "${CAP:-520}" env OUT="$WORK" SECONDS_PER="${SECONDS_PER:-80}" \
  bash "$(dirname "$0")/search.sh" "$@"
echo "search.sh rc=$?"
tar -C "$WORK" -cJf "$RESULTS/search.tar.xz" .
cp "$WORK/bests.json" "$WORK/device.txt" "$RESULTS/" 2>/dev/null
ls -la "$RESULTS"
