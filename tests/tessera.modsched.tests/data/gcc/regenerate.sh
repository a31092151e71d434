#!/usr/bin/env bash
# Regenerates loops.sms, GCC's SMS dump of loops.c (our own code), for GccSmsDumpTest.
# Needs Debian's cross compiler: apt-get install gcc-powerpc64le-linux-gnu (GCC 12.2 was used).
set -euo pipefail
cd "$(dirname "$0")"
tmp=$(mktemp -d)
powerpc64le-linux-gnu-gcc -O2 -mcpu=power8 -fno-tree-vectorize -fmodulo-sched -fdump-rtl-sms-details -c loops.c -o "$tmp/loops.o" -dumpdir "$tmp/"
cp "$tmp"/*.sms loops.sms
rm -rf "$tmp"
