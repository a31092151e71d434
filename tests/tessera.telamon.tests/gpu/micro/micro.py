#!/usr/bin/env python3
"""Hopper (or any CUDA GPU) micro-benchmarks for Telamon's lower-bound model (issue 23, seed 001 chapter 5).

Measures, on the current GPU, what the `tessera-gpu/1` hardware description needs: dependent-chain latencies
(clock64) and per-SM throughputs (many warps, independent chains) of add/sub/mul/mad/max/min on f32/f64/i32/i64,
pointer-chase load latencies (shared, L1, L2 incl. per-line minimum, DRAM), L2 bandwidth (whole GPU and one SM),
the __syncthreads() latency and per-SM barrier rate, and the loop overhead. Writes `hopper-measured.json` in the
same schema as bundles/tessera.telamon/src/tessera/telamon/model/gpus/hopper-sm90.json, with a `method` string per
measured entry (objects) or in `methods` (numbers, keyed by JSON path), all raw numbers under `raw`, and every test
that failed under `failures` (its value then falls back to hopper-sm90.json, marked so in `methods`).

Usage: python3 micro.py [--out DIR] [--quick]      (needs CuPy; no network; about 1-2 minutes)
Every number is rounded in the direction that keeps the model a LOWER bound: latencies down, rates up.
"""
import argparse
import json
import math
import os
import sys
import time
import traceback

import numpy as np
import cupy as cp

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", "..", "..", ".."))
COMMITTED = os.path.join(REPO, "bundles", "tessera.telamon", "src", "tessera", "telamon", "model", "gpus",
                         "hopper-sm90.json")

OPS = ["add", "sub", "mul", "mad", "max", "min"]
TYPES = ["f32", "f64", "i32", "i64"]
CTYPE = {"f32": "float", "f64": "double", "i32": "int", "i64": "long long"}
CONSTR = {"f32": "f", "f64": "d", "i32": "r", "i64": "l"}
NPTYPE = {"f32": np.float32, "f64": np.float64, "i32": np.int32, "i64": np.int64}
PTXT = {"f32": "f32", "f64": "f64", "i32": "s32", "i64": "s64"}

raw = {}
methods = {}
failures = []
T_START = time.time()


def log(*a):
    print("[%6.1fs]" % (time.time() - T_START), *a, flush=True)


def run_test(name, fn):
    """Runs one test; records its exception instead of aborting."""
    try:
        t = time.time()
        fn()
        log("ok  ", name, "(%.1fs)" % (time.time() - t))
        return True
    except Exception as e:  # noqa: BLE001 - every failure is recorded, none aborts the run
        failures.append({"test": name, "error": "%s: %s" % (type(e).__name__, e),
                         "trace": traceback.format_exc()[-1500:]})
        log("FAIL", name, type(e).__name__, str(e)[:300])
        return False


def module(src):
    return cp.RawModule(code=src, options=("--std=c++14",))


def sync():
    cp.cuda.Device().synchronize()


def floor_half(x):
    """Latency rounded DOWN to a half cycle (0.05-cycle tolerance for timer noise)."""
    return math.floor(x * 2 + 0.1) / 2


def up(x, d=3):
    f = 10 ** d
    return math.ceil(x * f) / f


def sm_spans(rec, nblocks):
    """rec: uint64 [nblocks,3] = smid, start clock, end clock -> {smid: (blocks, span cycles)}."""
    r = cp.asnumpy(rec).reshape(nblocks, 3)
    per = {}
    for smid, t0, t1 in r:
        b, lo, hi = per.get(int(smid), (0, None, None))
        lo = int(t0) if lo is None else min(lo, int(t0))
        hi = int(t1) if hi is None else max(hi, int(t1))
        per[int(smid)] = (b + 1, lo, hi)
    return {k: (v[0], v[2] - v[1]) for k, v in per.items()}


# ----------------------------------------------------------------------------------------------------------------
# Device attributes and SM clock
# ----------------------------------------------------------------------------------------------------------------
dev = {}


def t_device():
    props = cp.cuda.runtime.getDeviceProperties(0)
    name = props.get("name", b"?")
    dev["name"] = name.decode() if isinstance(name, bytes) else str(name)
    for k in ["major", "minor", "multiProcessorCount", "maxThreadsPerBlock", "maxThreadsPerMultiProcessor",
              "sharedMemPerMultiprocessor", "sharedMemPerBlock", "sharedMemPerBlockOptin", "regsPerMultiprocessor",
              "regsPerBlock", "l2CacheSize", "clockRate", "warpSize", "maxBlocksPerMultiProcessor",
              "memoryClockRate", "memoryBusWidth", "reservedSharedMemPerBlock"]:
        if k in props:
            dev[k] = int(props[k])
    try:  # cudaDeviceGetAttribute, for the entries getDeviceProperties may lack
        attrs = cp.cuda.Device(0).attributes
        for k in ["MaxBlocksPerMultiprocessor", "MaxSharedMemoryPerBlockOptin", "MaxSharedMemoryPerMultiprocessor",
                  "MaxRegistersPerMultiprocessor", "MultiProcessorCount", "L2CacheSize", "ClockRate"]:
            if k in attrs:
                dev["attr_" + k] = int(attrs[k])
    except Exception as e:  # noqa: BLE001
        dev["attr_error"] = str(e)
    raw["device"] = dev


CLOCK_SRC = r"""
extern "C" __global__ void clk(float* out, unsigned long long* rec, int iters) {
  float a = out[0] + threadIdx.x, b = 1.0001f, c = 0.5f, x0 = a, x1 = a + 1, x2 = a + 2, x3 = a + 3;
  unsigned long long g0, g1; long long c0, c1;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(g0)); c0 = clock64();
  for (int i = 0; i < iters; ++i) { x0 = fmaf(x0, b, c); x1 = fmaf(x1, b, c); x2 = fmaf(x2, b, c); x3 = fmaf(x3, b, c); }
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(g1)); c1 = clock64();
  out[1 + blockIdx.x * blockDim.x + threadIdx.x] = x0 + x1 + x2 + x3;
  if (threadIdx.x == 0) { rec[2 * blockIdx.x] = (unsigned long long)(c1 - c0); rec[2 * blockIdx.x + 1] = g1 - g0; }
}
"""
clock_mhz = [None]


def t_clock():
    f = module(CLOCK_SRC).get_function("clk")
    sms = dev.get("multiProcessorCount", 132)
    out = cp.zeros(1 + sms * 32, dtype=cp.float32)
    rec = cp.zeros(2 * sms, dtype=cp.uint64)
    f((sms,), (32,), (out, rec, np.int32(1000)))
    sync()
    f((sms,), (32,), (out, rec, np.int32(2000000)))
    sync()
    r = cp.asnumpy(rec).reshape(sms, 2).astype(np.float64)
    mhz = r[:, 0] / r[:, 1] * 1e3
    clock_mhz[0] = float(np.median(mhz))
    raw["sm_clock_mhz"] = {"median": clock_mhz[0], "min": float(mhz.min()), "max": float(mhz.max()),
                           "method": "1 warp per SM, 4 FFMA chains for ~8 M cycles; clock64 delta / %globaltimer "
                                     "delta (ns) per block"}


# ----------------------------------------------------------------------------------------------------------------
# Instruction latencies (1 thread, dependent chain) and per-SM throughputs (8 independent chains, full SM)
# ----------------------------------------------------------------------------------------------------------------
def ptx_op(op, t):
    p = PTXT[t]
    fl = t in ("f32", "f64")
    if op in ("add", "sub"):
        return "%s%s.%s %%0, %%0, %%1;" % (op, ".rn" if fl else "", p), 1
    if op == "mul":
        return ("mul.rn.%s %%0, %%0, %%1;" % p) if fl else ("mul.lo.%s %%0, %%0, %%1;" % p), 1
    if op == "mad":
        return ("fma.rn.%s %%0, %%0, %%1, %%2;" % p) if fl else ("mad.lo.%s %%0, %%0, %%1, %%2;" % p), 2
    return "%s.%s %%0, %%0, %%1;" % (op, p), 1


def asm_line(op, t, var, yk):
    text, nin = ptx_op(op, t)
    c = CONSTR[t]
    ins = '"%s"(%s)' % (c, yk) + ((', "%s"(z)' % c) if nin == 2 else "")
    return '    asm volatile("%s" : "+%s"(%s) : %s);\n' % (text, c, var, ins)


def lat_kernel(op, t, unroll):
    ct = CTYPE[t]
    s = 'extern "C" __global__ void lat_%s_%s_%d(const %s* in, %s* out, long long* cyc, int iters) {\n' % (
        op, t, unroll, ct, ct)
    s += "  %s x = in[0], z = in[9];\n" % ct
    s += "".join("  %s y%d = in[%d];\n" % (ct, k, k + 1) for k in range(8))
    s += "  long long t0 = clock64();\n#pragma unroll 1\n  for (int it = 0; it < iters; ++it) {\n"
    s += "".join(asm_line(op, t, "x", "y%d" % (k % 8)) for k in range(unroll))
    s += "  }\n  long long t1 = clock64();\n  out[0] = x; cyc[0] = t1 - t0;\n}\n"
    return s


def thr_kernel(op, t):
    ct = CTYPE[t]
    s = 'extern "C" __global__ void thr_%s_%s(const %s* in, %s* out, unsigned long long* rec, int iters) {\n' % (
        op, t, ct, ct)
    s += "  %s z = in[9];\n" % ct
    s += "".join("  %s y%d = in[%d];\n" % (ct, k, k + 1) for k in range(8))
    s += "".join("  %s x%d = in[0] + (%s)(threadIdx.x + %d);\n" % (ct, k, ct, k) for k in range(8))
    s += "  __syncthreads();\n  long long t0 = clock64();\n#pragma unroll 1\n  for (int it = 0; it < iters; ++it) {\n"
    for j in range(8):
        s += "".join(asm_line(op, t, "x%d" % k, "y%d" % j) for k in range(8))
    s += "  }\n  __syncthreads();\n  long long t1 = clock64();\n"
    s += "  out[blockIdx.x * blockDim.x + threadIdx.x] = x0 + x1 + x2 + x3 + x4 + x5 + x6 + x7;\n"
    s += "  if (threadIdx.x == 0) { unsigned int sm; asm volatile(\"mov.u32 %0, %%smid;\" : \"=r\"(sm));\n"
    s += "    rec[3 * blockIdx.x] = sm; rec[3 * blockIdx.x + 1] = (unsigned long long)t0;"
    s += " rec[3 * blockIdx.x + 2] = (unsigned long long)t1; }\n}\n"
    return s


def inputs(op, t):
    if t in ("f32", "f64"):
        vals = [1.0] + ([1.0000001] * 8 if op == "mul" else [0.5, 0.25, 0.75, 1.5, 0.125, 2.0, 0.3, 0.6]) + [0.5]
        if op == "mad":
            vals = [1.0] + [0.5] * 8 + [0.5]
    else:
        vals = [1] + [3, 5, 7, 11, 13, 17, 19, 23] + [29]
    return cp.asarray(np.array(vals, dtype=NPTYPE[t]))


inst_measured = {}


def t_instruction(op, t, quick):
    ct_in = inputs(op, t)
    mod = module(lat_kernel(op, t, 32) + lat_kernel(op, t, 64) + thr_kernel(op, t))
    out = cp.zeros(1, dtype=NPTYPE[t])
    cyc = cp.zeros(1, dtype=cp.int64)
    iters = 200 if quick else 1000
    res = {}
    for u in (32, 64):
        f = mod.get_function("lat_%s_%s_%d" % (op, t, u))
        f((1,), (1,), (ct_in, out, cyc, np.int32(10)))  # warm-up (instruction cache)
        f((1,), (1,), (ct_in, out, cyc, np.int32(iters)))
        sync()
        res[u] = int(cyc.get()[0])
    lat = (res[64] - res[32]) / (32.0 * iters)
    # throughput
    sms = dev.get("multiProcessorCount", 132)
    nblocks, bs = sms * 4, 256  # 4 x 256 threads/SM: co-resident even at 64 registers/thread
    titers = 200 if quick else 800
    f = mod.get_function("thr_%s_%s" % (op, t))
    outt = cp.zeros(nblocks * bs, dtype=NPTYPE[t])
    rec = cp.zeros(3 * nblocks, dtype=cp.uint64)
    f((nblocks,), (bs,), (ct_in, outt, rec, np.int32(4)))
    f((nblocks,), (bs,), (ct_in, outt, rec, np.int32(titers)))
    sync()
    spans = sm_spans(rec, nblocks)
    rates = [b * bs * titers * 64.0 / span for b, span in spans.values() if span > 0]
    rate = float(np.median(rates))
    inst_measured["%s.%s" % (op, t)] = {"latency_cycles": lat, "thread_ops_per_sm_per_cycle": rate,
                                        "rate_min_over_sms": float(min(rates)), "rate_max_over_sms": float(max(rates)),
                                        "sms_seen": len(spans), "lat_cycles_u32": res[32], "lat_cycles_u64": res[64]}


# ----------------------------------------------------------------------------------------------------------------
# Memory latencies (pointer chasing, 1 thread)
# ----------------------------------------------------------------------------------------------------------------
MEM_SRC = r"""
extern "C" __global__ void chase_shared(unsigned int* out, long long* cyc, int n1, int n2) {
  __shared__ unsigned int s[4096];
  for (int i = 0; i < 4096; ++i) s[i] = (unsigned int)(((i + 33) % 4096) * 4);
  __syncthreads();
  unsigned int base; asm volatile("{ .reg .u64 t; cvta.to.shared.u64 t, %1; cvt.u32.u64 %0, t; }" : "=r"(base) : "l"(s));
  unsigned int p = base;
  for (int i = 0; i < n1; ++i) { asm volatile("ld.shared.u32 %0, [%0];" : "+r"(p)); p += base; }
  long long t0 = clock64();
  for (int i = 0; i < n2; ++i) { asm volatile("ld.shared.u32 %0, [%0];" : "+r"(p)); p += base; }
  long long t1 = clock64();
  out[0] = p; cyc[0] = t1 - t0;
}
extern "C" __global__ void chase_shared_raw(unsigned int* out, long long* cyc, int n1, int n2) {
  // same chase but the stored values are already shared addresses: no add between the loads
  __shared__ unsigned int s[4096];
  unsigned int base; asm volatile("{ .reg .u64 t; cvta.to.shared.u64 t, %1; cvt.u32.u64 %0, t; }" : "=r"(base) : "l"(s));
  for (int i = 0; i < 4096; ++i) s[i] = base + (unsigned int)(((i + 33) % 4096) * 4);
  __syncthreads();
  unsigned int p = base;
  for (int i = 0; i < n1; ++i) asm volatile("ld.shared.u32 %0, [%0];" : "+r"(p));
  long long t0 = clock64();
#pragma unroll 1
  for (int i = 0; i < n2; i += 8) {
    asm volatile("ld.shared.u32 %0, [%0];" : "+r"(p)); asm volatile("ld.shared.u32 %0, [%0];" : "+r"(p));
    asm volatile("ld.shared.u32 %0, [%0];" : "+r"(p)); asm volatile("ld.shared.u32 %0, [%0];" : "+r"(p));
    asm volatile("ld.shared.u32 %0, [%0];" : "+r"(p)); asm volatile("ld.shared.u32 %0, [%0];" : "+r"(p));
    asm volatile("ld.shared.u32 %0, [%0];" : "+r"(p)); asm volatile("ld.shared.u32 %0, [%0];" : "+r"(p));
  }
  long long t1 = clock64();
  out[0] = p; cyc[0] = t1 - t0;
}
#define CHASE(KIND) \
extern "C" __global__ void chase_##KIND(const unsigned long long* start, unsigned long long* out, long long* cyc, \
                                         int n1, int n2) { \
  unsigned long long p = start[0]; \
  for (int i = 0; i < n1; ++i) asm volatile("ld.global." #KIND ".u64 %0, [%0];" : "+l"(p)); \
  long long t0 = clock64(); \
  _Pragma("unroll 1") for (int i = 0; i < n2; i += 8) { \
    asm volatile("ld.global." #KIND ".u64 %0, [%0];" : "+l"(p)); asm volatile("ld.global." #KIND ".u64 %0, [%0];" : "+l"(p)); \
    asm volatile("ld.global." #KIND ".u64 %0, [%0];" : "+l"(p)); asm volatile("ld.global." #KIND ".u64 %0, [%0];" : "+l"(p)); \
    asm volatile("ld.global." #KIND ".u64 %0, [%0];" : "+l"(p)); asm volatile("ld.global." #KIND ".u64 %0, [%0];" : "+l"(p)); \
    asm volatile("ld.global." #KIND ".u64 %0, [%0];" : "+l"(p)); asm volatile("ld.global." #KIND ".u64 %0, [%0];" : "+l"(p)); \
  } \
  long long t1 = clock64(); \
  out[0] = p; cyc[0] = t1 - t0; \
}
CHASE(ca)
CHASE(cg)
extern "C" __global__ void self_chase_cg(const unsigned long long* lines, int nlines, int stride_words, int n,
                                         long long* cyc) {
  // each of nlines lines holds its own address: a chase on ONE L2 line, i.e. the latency of that L2 slice
  for (int l = 0; l < nlines; ++l) {
    unsigned long long p = (unsigned long long)(lines + (size_t)l * stride_words);
    for (int i = 0; i < 8; ++i) asm volatile("ld.global.cg.u64 %0, [%0];" : "+l"(p));
    long long t0 = clock64();
#pragma unroll 1
    for (int i = 0; i < n; i += 4) {
      asm volatile("ld.global.cg.u64 %0, [%0];" : "+l"(p)); asm volatile("ld.global.cg.u64 %0, [%0];" : "+l"(p));
      asm volatile("ld.global.cg.u64 %0, [%0];" : "+l"(p)); asm volatile("ld.global.cg.u64 %0, [%0];" : "+l"(p));
    }
    long long t1 = clock64();
    cyc[l] = (t1 - t0) + (long long)(p & 1ull);
  }
}
extern "C" __global__ void touch(const float4* a, size_t n, float* out) {
  float s = 0.f;
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
    float4 v = __ldcg(a + i); s += v.x + v.y + v.z + v.w;
  }
  if (s == 12345.f) out[0] = s;
}
"""
mem_mod = [None]


def get_mem_mod():
    if mem_mod[0] is None:
        mem_mod[0] = module(MEM_SRC)
    return mem_mod[0]


mem_measured = {}


def chain(nbytes, stride, randomize, seed=1):
    """A pointer-chase ring over nbytes, one 8-byte pointer every `stride` bytes; returns (array, start)."""
    nlines = nbytes // stride
    words = stride // 8
    arr = cp.zeros(nlines * words, dtype=cp.uint64)
    base = arr.data.ptr
    order = cp.random.RandomState(seed).permutation(nlines) if randomize else cp.arange(nlines)
    order = order.astype(cp.int64)
    nxt = cp.roll(order, -1).astype(cp.uint64)
    arr[order * words] = nxt * cp.uint64(stride) + cp.uint64(base)
    start = cp.asarray(np.array([base + int(order[0].get()) * stride], dtype=np.uint64))
    return arr, start


def run_chase(kind, arr, start, n1, n2):
    f = get_mem_mod().get_function("chase_" + kind)
    out = cp.zeros(1, dtype=cp.uint64)
    cyc = cp.zeros(1, dtype=cp.int64)
    f((1,), (1,), (start, out, cyc, np.int32(n1), np.int32(n2)))
    sync()
    return int(cyc.get()[0]) / float(n2)


def flush_l2():
    big = cp.empty(256 * 1024 * 1024 // 4, dtype=cp.float32)
    big.fill(1.0)
    sync()
    del big


def touch(arr):
    f = get_mem_mod().get_function("touch")
    n = arr.nbytes // 16
    out = cp.zeros(1, dtype=cp.float32)
    f((dev.get("multiProcessorCount", 132) * 8,), (256,), (arr, np.uint64(n), out))
    sync()


def t_shared():
    m = get_mem_mod()
    out = cp.zeros(1, dtype=cp.uint32)
    cyc = cp.zeros(1, dtype=cp.int64)
    f = m.get_function("chase_shared_raw")
    f((1,), (1,), (out, cyc, np.int32(256), np.int32(8192)))
    sync()
    mem_measured["shared"] = int(cyc.get()[0]) / 8192.0
    g = m.get_function("chase_shared")
    g((1,), (1,), (out, cyc, np.int32(256), np.int32(8192)))
    sync()
    mem_measured["shared_plus_add"] = int(cyc.get()[0]) / 8192.0


def t_l1():
    arr, start = chain(4096, 128, False)
    run_chase("ca", arr, start, 64, 1024)  # warm L1
    mem_measured["l1"] = run_chase("ca", arr, start, 64, 8192)


def t_l2():
    arr, start = chain(4 << 20, 128, True)
    touch(arr)
    mem_measured["l2_random_4MB_cg"] = run_chase("cg", arr, start, 4096, 16384)
    mem_measured["l2_random_4MB_ca"] = run_chase("ca", arr, start, 4096, 16384)
    # per-line minimum: 256 lines spread over 8 MB, each chased on itself (ld.cg: always an L2 hit)
    nl, stride_words = 256, (32 * 1024) // 8
    lines = cp.zeros(nl * stride_words, dtype=cp.uint64)
    idx = cp.arange(nl, dtype=cp.int64) * stride_words
    lines[idx] = cp.uint64(lines.data.ptr) + idx.astype(cp.uint64) * cp.uint64(8)
    touch(lines)
    cyc = cp.zeros(nl, dtype=cp.int64)
    f = get_mem_mod().get_function("self_chase_cg")
    f((1,), (1,), (lines, np.int32(nl), np.int32(stride_words), np.int32(256), cyc))
    sync()
    per = cp.asnumpy(cyc).astype(np.float64) / 256.0
    mem_measured["l2_per_line"] = {"min": float(per.min()), "p10": float(np.percentile(per, 10)),
                                   "median": float(np.median(per)), "max": float(per.max())}


def t_dram():
    arr, start = chain(1 << 30, 128, True, seed=7)
    flush_l2()
    a = run_chase("cg", arr, start, 64, 8192)
    del arr
    arr, start = chain(64 << 20, 4096, False)
    flush_l2()
    b = run_chase("cg", arr, start, 64, 8192)
    mem_measured["dram_random_1GB"] = a
    mem_measured["dram_stride4KB_64MB"] = b


# ----------------------------------------------------------------------------------------------------------------
# Bandwidths: L2 (GPU, one SM), shared loads (LSU rate), DRAM (info)
# ----------------------------------------------------------------------------------------------------------------
BW_SRC = r"""
extern "C" __global__ void l2read(const float4* a, size_t n, int reps, float* out, unsigned long long* rec) {
  float s = 0.f;
  __syncthreads();
  long long t0 = clock64();
  for (int r = 0; r < reps; ++r)
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
      float4 v = __ldcg(a + i); s += v.x + v.y + v.z + v.w;
    }
  __syncthreads();
  long long t1 = clock64();
  if (s == 12345.f) out[0] = s;
  if (threadIdx.x == 0) { unsigned int sm; asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
    rec[3 * blockIdx.x] = sm; rec[3 * blockIdx.x + 1] = (unsigned long long)t0; rec[3 * blockIdx.x + 2] = (unsigned long long)t1; }
}
extern "C" __global__ void ldsrate(unsigned int* out, unsigned long long* rec, int iters) {
  __shared__ unsigned int s[4096];
  unsigned int base; asm volatile("{ .reg .u64 t; cvta.to.shared.u64 t, %1; cvt.u32.u64 %0, t; }" : "=r"(base) : "l"(s));
  for (int i = threadIdx.x; i < 4096; i += blockDim.x) s[i] = base + (unsigned int)(((i + 32) % 4096) * 4);
  __syncthreads();
  unsigned int lane = threadIdx.x % 32, w = threadIdx.x / 32;
  unsigned int p0 = base + 4 * (lane + 32 * (w % 32)), p1 = base + 4 * (lane + 32 * ((w + 8) % 32 + 32));
  unsigned int p2 = base + 4 * (lane + 32 * ((w + 16) % 32 + 64)), p3 = base + 4 * (lane + 32 * ((w + 24) % 32 + 96));
  long long t0 = clock64();
#pragma unroll 1
  for (int i = 0; i < iters; ++i) {
    asm volatile("ld.shared.u32 %0, [%0];" : "+r"(p0)); asm volatile("ld.shared.u32 %0, [%0];" : "+r"(p1));
    asm volatile("ld.shared.u32 %0, [%0];" : "+r"(p2)); asm volatile("ld.shared.u32 %0, [%0];" : "+r"(p3));
  }
  __syncthreads();
  long long t1 = clock64();
  out[blockIdx.x * blockDim.x + threadIdx.x] = p0 + p1 + p2 + p3;
  if (threadIdx.x == 0) { unsigned int sm; asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
    rec[3 * blockIdx.x] = sm; rec[3 * blockIdx.x + 1] = (unsigned long long)t0; rec[3 * blockIdx.x + 2] = (unsigned long long)t1; }
}
"""
bw_mod = [None]
bw_measured = {}


def get_bw_mod():
    if bw_mod[0] is None:
        bw_mod[0] = module(BW_SRC)
    return bw_mod[0]


def t_l2_bandwidth():
    f = get_bw_mod().get_function("l2read")
    sms = dev.get("multiProcessorCount", 132)
    a = cp.ones((20 << 20) // 4, dtype=cp.float32)
    n = a.nbytes // 16
    out = cp.zeros(1, dtype=cp.float32)
    best = None
    for grid, bs, reps, key in [(sms * 8, 256, 200, "gpu"), (1, 1024, 4, "one_sm")]:
        rec = cp.zeros(3 * grid, dtype=cp.uint64)
        f((grid,), (bs,), (a, np.uint64(n), np.int32(1), out, rec))
        times = []
        for _ in range(3):
            e0, e1 = cp.cuda.Event(), cp.cuda.Event()
            e0.record()
            f((grid,), (bs,), (a, np.uint64(n), np.int32(reps), out, rec))
            e1.record()
            e1.synchronize()
            times.append(cp.cuda.get_elapsed_time(e0, e1) * 1e-3)
        spans = sm_spans(rec, grid)
        maxspan = max(s for _, s in spans.values())
        nbytes = float(a.nbytes) * reps
        best = min(times)
        bw_measured["l2_" + key] = {"GBps_event": nbytes / best / 1e9,
                                    "bytes_per_cycle_clock64": nbytes / maxspan,
                                    "sms_used": len(spans)}


def t_lds_rate():
    f = get_bw_mod().get_function("ldsrate")
    sms = dev.get("multiProcessorCount", 132)
    nb, bs, it = sms * 8, 256, 2000
    out = cp.zeros(nb * bs, dtype=cp.uint32)
    rec = cp.zeros(3 * nb, dtype=cp.uint64)
    f((nb,), (bs,), (out, rec, np.int32(10)))
    f((nb,), (bs,), (out, rec, np.int32(it)))
    sync()
    spans = sm_spans(rec, nb)
    rates = [b * bs * it * 4.0 / s for b, s in spans.values() if s > 0]
    bw_measured["lds32_thread_loads_per_sm_per_cycle"] = float(np.median(rates))


# ----------------------------------------------------------------------------------------------------------------
# __syncthreads and loops
# ----------------------------------------------------------------------------------------------------------------
SYNC_SRC = r"""
extern "C" __global__ void bar(long long* cyc, int iters) {
  __syncthreads();
  long long t0 = clock64();
#pragma unroll 1
  for (int i = 0; i < iters; ++i) {
    __syncthreads(); __syncthreads(); __syncthreads(); __syncthreads(); __syncthreads(); __syncthreads(); __syncthreads(); __syncthreads();
    __syncthreads(); __syncthreads(); __syncthreads(); __syncthreads(); __syncthreads(); __syncthreads(); __syncthreads(); __syncthreads();
  }
  long long t1 = clock64();
  if (threadIdx.x == 0) cyc[0] = t1 - t0;
}
extern "C" __global__ void loop_empty(int n, int* out, long long* cyc, unsigned long long* rec) {
  int r;
  __syncthreads();
  long long t0 = clock64();
  asm volatile("{\n\t.reg .pred p;\n\t.reg .s32 i;\n\tmov.s32 i, 0;\n"
               "LOOP_E:\n\tadd.s32 i, i, 1;\n\tsetp.lt.s32 p, i, %1;\n\t@p bra LOOP_E;\n\tmov.s32 %0, i;\n}"
               : "=r"(r) : "r"(n));
  __syncthreads();
  long long t1 = clock64();
  out[blockIdx.x * blockDim.x + threadIdx.x] = r;
  if (threadIdx.x == 0) { cyc[blockIdx.x] = t1 - t0; unsigned int sm; asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
    rec[3 * blockIdx.x] = sm; rec[3 * blockIdx.x + 1] = (unsigned long long)t0; rec[3 * blockIdx.x + 2] = (unsigned long long)t1; }
}
extern "C" __global__ void loop_adds(int n, float y, float* out, long long* cyc) {
  float x = out[0];
  long long t0 = clock64();
  asm volatile("{\n\t.reg .pred p;\n\t.reg .s32 i;\n\tmov.s32 i, 0;\n"
               "LOOP_A:\n"
               "\tadd.rn.f32 %0, %0, %2;\n\tadd.rn.f32 %0, %0, %2;\n\tadd.rn.f32 %0, %0, %2;\n\tadd.rn.f32 %0, %0, %2;\n"
               "\tadd.rn.f32 %0, %0, %2;\n\tadd.rn.f32 %0, %0, %2;\n\tadd.rn.f32 %0, %0, %2;\n\tadd.rn.f32 %0, %0, %2;\n"
               "\tadd.rn.f32 %0, %0, %2;\n\tadd.rn.f32 %0, %0, %2;\n"
               "\tadd.s32 i, i, 1;\n\tsetp.lt.s32 p, i, %1;\n\t@p bra LOOP_A;\n}"
               : "+f"(x) : "r"(n), "f"(y));
  long long t1 = clock64();
  out[0] = x; cyc[0] = t1 - t0;
}
"""
sync_mod = [None]
sync_measured = {}
loop_measured = {}


def get_sync_mod():
    if sync_mod[0] is None:
        sync_mod[0] = module(SYNC_SRC)
    return sync_mod[0]


def t_sync():
    f = get_sync_mod().get_function("bar")
    cyc = cp.zeros(1, dtype=cp.int64)
    pts = {}
    for bs in (32, 64, 128, 256, 512, 1024):
        f((1,), (bs,), (cyc, np.int32(8)))
        f((1,), (bs,), (cyc, np.int32(1024)))
        sync()
        pts[bs] = int(cyc.get()[0]) / (1024.0 * 16)
    sync_measured["cycles_per_barrier"] = pts
    warps = np.array([b / 32 for b in pts], dtype=np.float64)
    cyc_ = np.array([pts[b] for b in pts], dtype=np.float64)
    slope = float(np.polyfit(warps, cyc_, 1)[0])
    sync_measured["cycles_per_extra_warp"] = slope
    if slope <= 0:
        raise RuntimeError("non-positive barrier slope %r" % slope)


def t_loop():
    m = get_sync_mod()
    f = m.get_function("loop_empty")
    sms = dev.get("multiProcessorCount", 132)
    out = cp.zeros(sms * 8 * 256, dtype=cp.int32)
    cyc = cp.zeros(sms * 8, dtype=cp.int64)
    rec = cp.zeros(3 * sms * 8, dtype=cp.uint64)
    c = {}
    for n in (1000, 5000):
        f((1,), (1,), (np.int32(n), out, cyc, rec))
        sync()
        c[n] = int(cyc.get()[0])
    lat = (c[5000] - c[1000]) / 4000.0
    loop_measured["empty_iteration_latency"] = lat
    if lat < 1.0:
        raise RuntimeError("empty loop optimised away? %.3f cycles/iteration" % lat)
    nb, bs, n = sms * 8, 256, 4000
    f((nb,), (bs,), (np.int32(n), out, cyc, rec))
    sync()
    spans = sm_spans(rec, nb)
    rate = float(np.median([b * bs * n / s for b, s in spans.values() if s > 0]))
    loop_measured["thread_iterations_per_sm_per_cycle"] = rate
    loop_measured["issue_estimate"] = 128.0 / rate
    g = m.get_function("loop_adds")
    fo = cp.zeros(1, dtype=cp.float32)
    c1 = cp.zeros(1, dtype=cp.int64)
    d = {}
    for n in (1000, 5000):
        g((1,), (1,), (np.int32(n), np.float32(0.5), fo, c1))
        sync()
        d[n] = int(c1.get()[0])
    loop_measured["ten_fadd_iteration_cycles"] = (d[5000] - d[1000]) / 4000.0


# ----------------------------------------------------------------------------------------------------------------
# Assemble hopper-measured.json
# ----------------------------------------------------------------------------------------------------------------
def assemble():
    try:
        base = json.load(open(COMMITTED))
    except Exception as e:  # noqa: BLE001
        failures.append({"test": "load committed hopper-sm90.json", "error": str(e)})
        base = None

    def fb(path, default=None):
        if base is None:
            return default
        v = base
        for k in path.split("."):
            v = v[k]
        return v

    def put(path, value, method):
        methods[path] = method
        return value

    sms = dev.get("multiProcessorCount", fb("smCount", 132))
    d = {"schema": "tessera-gpu/1",
         "name": dev.get("name", "?"),
         "arch": "sm_%d%d" % (dev.get("major", 9), dev.get("minor", 0)),
         "source": "measured by tests/tessera.telamon.tests/gpu/micro/micro.py on %s at %s" % (
             dev.get("name", "?"), time.strftime("%Y-%m-%d %H:%M:%S")),
         "clockGHz": put("clockGHz", ((dev.get("clockRate") or dev.get("attr_ClockRate") or 0) / 1e6)
                         or fb("clockGHz", 1.98),
                         "cudaDevAttrClockRate (max clock, kHz) / 1e6; measured SM clock during the run in "
                         "raw.sm_clock_mhz"),
         "warpSize": dev.get("warpSize", 32), "smCount": sms}
    d["limits"] = {
        "threadsPerBlock": put("limits.threadsPerBlock", dev.get("maxThreadsPerBlock", 1024), "cudaDevAttrMaxThreadsPerBlock"),
        "threadsPerSm": put("limits.threadsPerSm", dev.get("maxThreadsPerMultiProcessor", 2048),
                            "cudaDevAttrMaxThreadsPerMultiProcessor"),
        "blocksPerSm": put("limits.blocksPerSm", dev.get("maxBlocksPerMultiProcessor",
                                                         dev.get("attr_MaxBlocksPerMultiprocessor", 32)),
                           "cudaDevAttrMaxBlocksPerMultiprocessor"),
        "sharedBytesPerSm": put("limits.sharedBytesPerSm", dev.get("sharedMemPerMultiprocessor", 233472),
                                "cudaDevAttrMaxSharedMemoryPerMultiprocessor"),
        "sharedBytesPerBlock": put("limits.sharedBytesPerBlock", dev.get("sharedMemPerBlockOptin",
                                                                         dev.get("sharedMemPerBlock", 49152)),
                                   "cudaDevAttrMaxSharedMemoryPerBlockOptin (opt-in, dynamic shared memory)"),
        "registersPerSm": put("limits.registersPerSm", dev.get("regsPerMultiprocessor", 65536),
                              "cudaDevAttrMaxRegistersPerMultiprocessor"),
        "registersPerThread": put("limits.registersPerThread", 255,
                                  "CUDA guide: 255 for every cc >= 3.5 (no device attribute)")}
    mem = dict(fb("memory", {}) or {})

    def mset(key, value, method):
        if value is None:
            methods["memory." + key] = "NOT MEASURED, fallback from hopper-sm90.json"
        else:
            mem[key] = value
            methods["memory." + key] = method

    mem["l2Bytes"] = dev.get("l2CacheSize", mem.get("l2Bytes"))
    methods["memory.l2Bytes"] = "cudaDevAttrL2CacheSize"
    mset("sharedLoadLatency", floor_half(mem_measured["shared"]) if "shared" in mem_measured else None,
         "1 thread, ld.shared.u32 p,[p] chase (values are shared addresses), 8192 loads unrolled 8, clock64/loads, "
         "floored to 0.5")
    mset("l1LoadLatency", floor_half(mem_measured["l1"]) if "l1" in mem_measured else None,
         "1 thread, ld.global.ca.u64 chase over 4 KB (128 B stride), warmed, 8192 loads, floored")
    if "l2_per_line" in mem_measured:
        l2 = min(mem_measured["l2_per_line"]["min"], mem_measured["l2_random_4MB_cg"],
                 mem_measured["l2_random_4MB_ca"])
        mset("l2LoadLatency", floor_half(l2), "min of: per-line self-chase ld.global.cg over 256 lines (min over "
                                              "lines = nearest L2 slice) and random 4 MB chases (cg, ca); floored")
    else:
        mset("l2LoadLatency", None, "")
    if "dram_random_1GB" in mem_measured:
        mset("ramLoadLatency", floor_half(min(mem_measured["dram_random_1GB"], mem_measured["dram_stride4KB_64MB"])),
             "min of 1 GB random (128 B lines) and 64 MB 4 KB-stride ld.global.cg chases after a 256 MB L2 flush; "
             "floored")
    else:
        mset("ramLoadLatency", None, "")
    mem["storeLatency"] = 0
    methods["memory.storeLatency"] = "not measured: stores never block the issuing thread; 0 is the sound bound"
    d["memory"] = mem

    insts = {}
    for op in OPS + ["mov"]:
        for t in TYPES:
            k = "%s.%s" % (op, t)
            if op == "mov":
                insts[k] = {"latency": 0, "issue": 0, "alu": 0,
                            "method": "not measured: ptxas removes or renames register moves; 0 is the sound bound"}
                continue
            mm = inst_measured.get(k)
            if mm is None:
                e = dict(fb("instructions." + k, {"latency": 0, "issue": 0, "alu": 0}))
                e["method"] = "NOT MEASURED (test failed), fallback from hopper-sm90.json"
                insts[k] = e
                continue
            units = 128.0 / mm["thread_ops_per_sm_per_cycle"]
            alu = max(0.5, math.floor(units * 2 + 0.1) / 2)  # rounded DOWN to a half unit
            issue = min(1.0, alu) if t in ("f32", "f64") else min(1.0, alu / 2)
            insts[k] = {"latency": floor_half(mm["latency_cycles"]), "issue": issue, "alu": alu,
                        "method": "latency: 1 thread, dependent chain of inline-PTX '%s' (8 distinct runtime "
                                  "operands), slope between 32 and 64 ops/iteration, clock64, floored to 0.5; alu: "
                                  "128 / measured thread-ops per SM per cycle (8 chains x 256 threads x 4 blocks per "
                                  "SM, per-SM clock64 span) rounded down to 0.5; issue: min(1, alu) for floats, "
                                  "min(1, alu/2) for integers (ptxas may fuse two adds into one IADD3) - a lower "
                                  "estimate, check SASS" % ptx_op(op, t)[0]}
    d["instructions"] = insts

    rates = json.loads(json.dumps(fb("rates", {}) or {}))
    rates.setdefault("thread", {})
    rates.setdefault("sm", {})
    rates.setdefault("gpu", {})
    ffma = inst_measured.get("mad.f32", {}).get("thread_ops_per_sm_per_cycle")
    rates["sm"]["issue"] = max(128.0, up(ffma or 0))
    methods["rates.sm.issue"] = "4 schedulers x 1 warp-instruction/cycle x 32 (Hopper: no dual issue); raised to " \
                                "the measured FFMA rate if that were higher"
    rates["sm"]["alu"] = max(128.0, up(ffma or 0))
    methods["rates.sm.alu"] = "documented 128 FP32 lanes/SM (CUDA guide cc 9.0) vs measured FFMA %s: the larger" % ffma
    lds = bw_measured.get("lds32_thread_loads_per_sm_per_cycle")
    rates["sm"]["mem"] = max(32.0, up(lds or 0))
    methods["rates.sm.mem"] = "max(32 LSU lanes/SM, measured conflict-free ld.shared.u32 rate %s)" % lds
    slope = sync_measured.get("cycles_per_extra_warp")
    if slope:
        rates["sm"]["sync"] = max(16.0, up(32.0 / slope))
        methods["rates.sm.sync"] = "32 / (cycles per extra warp of a back-to-back __syncthreads, fit over 32..1024 " \
                                   "threads) = %.3f, at least the documented 16" % (32.0 / slope)
    l2g = bw_measured.get("l2_gpu")
    if l2g:
        clk = (clock_mhz[0] or 1980.0) * 1e-3
        per_cycle = max(l2g["bytes_per_cycle_clock64"], l2g["GBps_event"] / (d["clockGHz"] or 1.98))
        rates["gpu"]["l1Lines"] = rates["gpu"]["l2Lines"] = up(per_cycle / 32.0)
        methods["rates.gpu.l2Lines"] = methods["rates.gpu.l1Lines"] = (
            "20 MiB (L2-resident) read with __ldcg float4, full grid, 200 passes: max(bytes/clock64 span, "
            "bytes/event time/clockGHz) / 32 B sectors (measured SM clock %.0f MHz)" % (clk * 1e3))
    l2s = bw_measured.get("l2_one_sm")
    if l2s:
        v = max(4.0, up(l2s["bytes_per_cycle_clock64"] / 32.0))
        rates["sm"]["l1Lines"] = rates["sm"]["l2Lines"] = v
        rates["thread"]["l1Lines"] = rates["thread"]["l2Lines"] = v
        methods["rates.sm.l2Lines"] = "one 1024-thread block reading L2-resident data (__ldcg float4): %.2f B/cycle" \
                                      " / 32, at least 128 B/cycle (L1 data path) / 32 = 4" % l2s["bytes_per_cycle_clock64"]
    for k in ("issue", "alu", "mem", "sync"):
        if k in rates["sm"]:
            rates["gpu"][k] = rates["sm"][k] * sms
    rates["thread"]["issue"] = 1
    rates["thread"]["alu"] = 1
    rates["thread"]["mem"] = 1
    if "sync" in rates["sm"]:
        rates["thread"]["sync"] = rates["sm"]["sync"] / 32.0
    methods["rates.thread"] = "a warp sits on one SM sub-partition: 1 instruction/cycle, 32 FP32 lanes (alu 1), " \
                              "1 memory instruction/cycle; sync = sm.sync / 32"
    d["rates"] = rates

    loop = dict(fb("loop", {}) or {})
    if "empty_iteration_latency" in loop_measured:
        loop["iterationLatency"] = floor_half(loop_measured["empty_iteration_latency"])
        est = loop_measured.get("issue_estimate", 2.0)
        loop["iterationIssue"] = float(min(math.floor(est + 0.05), 2))
        loop["iterationAlu"] = float(min(loop["iterationIssue"], 2))
        addl = inst_measured.get("add.f32", {}).get("latency_cycles")
        if addl and "ten_fadd_iteration_cycles" in loop_measured:
            loop["endLatency"] = max(0.0, floor_half(loop_measured["ten_fadd_iteration_cycles"] - 10 * addl))
        loop["method"] = ("iterationLatency: 1 thread, inline-PTX empty loop (add, setp, bra), slope n=1000..5000; "
                          "iterationIssue: min(2, 128 / thread-iterations per SM per cycle at full occupancy = %.2f); "
                          "endLatency: (cycles/iteration of a loop of 10 dependent add.rn.f32) - 10 x add.f32 latency"
                          ", clamped at 0" % loop_measured.get("issue_estimate", float("nan")))
    else:
        loop["method"] = "NOT MEASURED, fallback from hopper-sm90.json"
    d["loop"] = loop
    sy = dict(fb("sync", {"latency": 0, "issue": 1, "sync": 1}) or {})
    pts = sync_measured.get("cycles_per_barrier")
    if pts:
        sy["latency"] = floor_half(min(pts.values()))
        sy["method"] = "1 block, 16 x 1024 back-to-back __syncthreads(), thread 0 clock64 / barriers, min over block " \
                       "sizes 32..1024 (= the 32-thread block), floored"
    else:
        sy["method"] = "NOT MEASURED, fallback from hopper-sm90.json"
    sy["issue"], sy["sync"] = 1, 1
    d["sync"] = sy
    d["methods"] = methods
    d["raw"] = {"device": dev, "instructions": inst_measured, "memory": mem_measured, "bandwidth": bw_measured,
                "sync": sync_measured, "loop": loop_measured, "sm_clock_mhz": raw.get("sm_clock_mhz")}
    d["failures"] = failures
    d["total_runtime_s"] = time.time() - T_START
    return d


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=".")
    ap.add_argument("--quick", action="store_true", help="fewer iterations (smoke test)")
    ap.add_argument("--skip-dram", action="store_true")
    a = ap.parse_args()
    run_test("device", t_device)
    run_test("clock", t_clock)
    for op in OPS:
        for t in TYPES:
            run_test("inst %s.%s" % (op, t), lambda op=op, t=t: t_instruction(op, t, a.quick))
    run_test("shared latency", t_shared)
    run_test("l1 latency", t_l1)
    run_test("l2 latency", t_l2)
    if not a.skip_dram:
        run_test("dram latency", t_dram)
    run_test("l2 bandwidth", t_l2_bandwidth)
    run_test("lds rate", t_lds_rate)
    run_test("syncthreads", t_sync)
    run_test("loop", t_loop)
    d = assemble()
    os.makedirs(a.out, exist_ok=True)
    path = os.path.join(a.out, "hopper-measured.json")
    with open(path, "w") as f:
        json.dump(d, f, indent=2)
        f.write("\n")
    log("wrote", path, "-", len(failures), "failure(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
