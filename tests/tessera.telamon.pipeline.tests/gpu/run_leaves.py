#!/usr/bin/env python3
"""Runs Tessera's random leaves (PTX + launch description, written by bench.GpuLeaves) on the GPU and checks each
output against NumPy: axpy Z = alpha*X + Y (n = 2^20) and matmul_256 C = A.B (row-major, m = n = 256, k = 32).
Each leaf is loaded with the driver's PTX JIT (CuPy RawModule), launched as its .launch.json says (grid, block,
static shared memory in the PTX, temporaries as zeroed global buffers), and timed with CUDA events (median of 5).
Usage: run_leaves.py LEAVES_DIR OUT.json"""
import glob
import json
import os
import statistics
import sys
import time

import cupy as cp
import numpy as np

root, out_path = sys.argv[1], sys.argv[2]
rng = np.random.default_rng(18)
N = 1 << 20
M, NN, K = 256, 256, 32
host = {
    "axpy": {"X": rng.uniform(-1, 1, N).astype(np.float32), "Y": rng.uniform(-1, 1, N).astype(np.float32)},
    "matmul_256": {"A": rng.uniform(-1, 1, (M, K)).astype(np.float32),
                   "B": rng.uniform(-1, 1, (K, NN)).astype(np.float32)},
}
scalars = {"axpy": {"n": N, "alpha": 1.5}, "matmul_256": {"m": M, "n": NN, "k": K}}
outputs = {"axpy": ("Z", N), "matmul_256": ("C", M * NN)}
expected = {"axpy": (np.float32(1.5) * host["axpy"]["X"] + host["axpy"]["Y"]).ravel(),
            "matmul_256": (host["matmul_256"]["A"].astype(np.float64) @ host["matmul_256"]["B"]).ravel()}
result = {"device": cp.cuda.runtime.getDeviceProperties(0)["name"].decode(), "kernels": {}}
for kernel in ["axpy", "matmul_256"]:
    out_name, out_len = outputs[kernel]
    rows = []
    t0 = time.time()
    for ptx in sorted(glob.glob(os.path.join(root, kernel, "leaf_*.ptx"))):
        launch = json.load(open(ptx[:-4] + ".launch.json"))
        row = {"leaf": os.path.basename(ptx)[:-4], "grid": launch["grid"], "block": launch["block"]}
        try:
            fn = cp.RawModule(path=ptx).get_function(launch["entry"])
            dev = {name: cp.asarray(a.ravel()) for name, a in host[kernel].items()}  # fresh inputs for every leaf
            out = cp.full(out_len, np.nan, dtype=cp.float32)
            args = []
            for p in launch["params"]:
                if p["kind"] == "array":
                    args.append(out if p["name"] == out_name else dev[p["name"]])
                elif p["kind"] == "temporary":
                    args.append(cp.zeros(max(int(p["bytes"]), 4), dtype=cp.uint8))
                elif p["type"] == "f32":
                    args.append(np.float32(scalars[kernel][p["name"]]))
                else:
                    args.append(np.int32(scalars[kernel][p["name"]]))
            grid, block = tuple(launch["grid"]), tuple(launch["block"])
            fn(grid, block, tuple(args))
            cp.cuda.Device().synchronize()
            got = out.get()
            err = np.abs(got.astype(np.float64) - expected[kernel])
            tol = 1e-5 + 1e-5 * np.abs(expected[kernel]) if kernel == "axpy" else 1e-4 + 1e-4 * np.abs(expected[kernel])
            bad = int(np.count_nonzero(~(err <= tol)))
            row["wrong"] = bad
            row["max_err"] = float(np.nanmax(err)) if np.isfinite(err).any() else None
            times = []
            start, end = cp.cuda.Event(), cp.cuda.Event()
            for _ in range(5):
                start.record()
                fn(grid, block, tuple(args))
                end.record()
                end.synchronize()
                times.append(cp.cuda.get_elapsed_time(start, end))
            row["ms"] = statistics.median(times)
        except Exception as e:  # a leaf that fails to load or launch is a result, not a crash of the run
            row["error"] = f"{type(e).__name__}: {e}"[:300]
        rows.append(row)
    ok = [r for r in rows if r.get("wrong") == 0]
    result["kernels"][kernel] = {
        "leaves": len(rows), "correct": len(ok), "errors": sum("error" in r for r in rows),
        "best_ms": min((r["ms"] for r in ok), default=None), "median_ms": statistics.median([r["ms"] for r in ok]) if ok else None,
        "seconds": time.time() - t0, "rows": rows}
    print(kernel, len(rows), "leaves,", len(ok), "correct,", result["kernels"][kernel]["errors"], "errors, best",
          result["kernels"][kernel]["best_ms"], "ms", flush=True)
    json.dump(result, open(out_path, "w"), indent=1)  # after each kernel, so a time-out keeps what was done
