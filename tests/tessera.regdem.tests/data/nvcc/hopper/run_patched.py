#!/usr/bin/env python3
"""Runs nvcc's spill_regs kernel and Tessera's patched local->shared variant of it on the GPU with the same inputs;
compares the outputs bit for bit and times both with CUDA events (median of 30 launches after 5 warm-ups).
Usage: run_patched.py ORIGINAL.cubin PATCHED.cubin BLOCK SPILL_SMEM_BYTES OUT.json
BLOCK must be the --block the variant was made for (Eq. (1) offsets depend on it); SPILL_SMEM_BYTES is the dynamic
shared memory RegDem's output asks for."""
import json
import statistics
import sys

import cupy as cp
import numpy as np

orig_path, patched_path, block, smem, out_path = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
NAME = "_Z10spill_regsiiPKfS0_Pf"
result = {"block": block, "spill_smem_bytes": smem, "device": cp.cuda.runtime.getDeviceProperties(0)["name"].decode()}
rng = np.random.default_rng(2026)
for n, steps in [(1 << 20, 64), (1 << 22, 256)]:
    x = cp.asarray(rng.uniform(-1, 1, n).astype(np.float32))
    ws = cp.asarray(rng.uniform(0.5, 0.99, steps).astype(np.float32))
    grid = (n + block - 1) // block
    case = {"n": n, "steps": steps}
    outs = {}
    for label, path, dyn in [("original", orig_path, 0), ("patched", patched_path, smem)]:
        k = cp.RawModule(path=path).get_function(NAME)
        if dyn > 48 * 1024:
            k.max_dynamic_shared_size_bytes = dyn
        y = cp.full(n, np.nan, dtype=cp.float32)
        args = (np.int32(n), np.int32(steps), x, ws, y)
        k((grid,), (block,), args, shared_mem=dyn)
        cp.cuda.Device().synchronize()
        outs[label] = y.get()
        for _ in range(5):
            k((grid,), (block,), args, shared_mem=dyn)
        times = []
        start, end = cp.cuda.Event(), cp.cuda.Event()
        for _ in range(30):
            start.record()
            k((grid,), (block,), args, shared_mem=dyn)
            end.record()
            end.synchronize()
            times.append(cp.cuda.get_elapsed_time(start, end))
        attrs = {a: int(v) for a, v in k.attributes.items() if isinstance(v, (int, np.integer))}
        case[label] = {"median_ms": statistics.median(times), "min_ms": min(times), "attributes": attrs,
                       "dynamic_smem": dyn}
    a, b = outs["original"], outs["patched"]
    case["bitwise_equal"] = bool(np.array_equal(a.view(np.uint32), b.view(np.uint32)))
    case["mismatches"] = int(np.count_nonzero(a.view(np.uint32) != b.view(np.uint32)))
    case["finite"] = bool(np.isfinite(a).all())
    case["speedup"] = case["original"]["median_ms"] / case["patched"]["median_ms"]
    result.setdefault("cases", []).append(case)
json.dump(result, open(out_path, "w"), indent=1)
print(json.dumps(result, indent=1))
