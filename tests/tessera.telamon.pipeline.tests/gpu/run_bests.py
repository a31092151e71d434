#!/usr/bin/env python3
"""Re-times the best implementation each search found (search.sh: OUT/KERNEL-code/KERNEL.ptx and .launch.json) against
cuBLAS in FP32 with TF32 off (CuPy's matmul and cublas.saxpy; batched matmuls as one strided-batched call) or, for the
strided matmul, a naive one-element-per-thread kernel, after checking its output against NumPy/CuPy on random inputs.
Times: median of 20 launches with CUDA events, after one warm-up. Usage: run_bests.py OUT OUT.json"""
import glob
import json
import os
import statistics
import sys

os.environ["CUPY_TF32"] = "0"  # read when CuPy loads: FP32 GEMMs without TF32
import cupy as cp  # noqa: E402
import cupy.cublas  # noqa: E402,F401  (a submodule: cp.cublas.axpy needs it imported)
import numpy as np  # noqa: E402

out_dir, out_path = sys.argv[1], sys.argv[2]
rng = np.random.default_rng(24)


def f32(*shape):
    return rng.uniform(-1, 1, shape).astype(np.float32)


def timed(launch, runs=20):
    launch()
    cp.cuda.Device().synchronize()
    start, end, ms = cp.cuda.Event(), cp.cuda.Event(), []
    for _ in range(runs):
        start.record()
        launch()
        end.record()
        end.synchronize()
        ms.append(cp.cuda.get_elapsed_time(start, end))
    return statistics.median(ms)


NAIVE = cp.RawKernel(r'''
extern "C" __global__ void naive(const float* A, const float* B, float* C, int m, int n, int k) {
    int i = blockIdx.y * blockDim.y + threadIdx.y, j = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < m && j < n) {
        float s = 0;
        for (int l = 0; l < k; l++) s += A[(i * k + l) * 32] * B[l * n + j];
        C[i * n + j] = s;
    }
}''', "naive")


def problem(kernel):
    """Host inputs, scalars, the output's name, its reference on the device and the baseline launch."""
    if kernel == "axpy":
        n = 1 << 26
        h = {"X": f32(n), "Y": f32(n), "Z": np.zeros(n, np.float32)}
        x, y = cp.asarray(h["X"]), cp.asarray(h["Y"])
        ref = np.float32(1.5) * h["X"] + h["Y"]
        # saxpy updates y in place: the timed call is the BLAS call alone (no copy), as the repeated runs allow
        return h, {"n": n, "alpha": 1.5}, "Z", ref, ("cuBLAS saxpy", lambda: cp.cublas.axpy(1.5, x, y))
    if kernel in ("matmul_256", "matmul_1024"):
        m, n, k = (256, 256, 32) if kernel == "matmul_256" else (1024, 1024, 1024)
        h = {"A": f32(m, k), "B": f32(k, n), "C": np.zeros((m, n), np.float32)}
        a, b = cp.asarray(h["A"]), cp.asarray(h["B"])
        return h, {"m": m, "n": n, "k": k}, "C", cp.matmul(a, b).get(), ("cuBLAS sgemm", lambda: cp.matmul(a, b))
    if kernel == "strided_matmul":
        m = n = k = 1024
        h = {"A": f32(m, k, 32), "B": f32(k, n), "C": np.zeros((m, n), np.float32)}
        a, b, c = cp.asarray(h["A"]), cp.asarray(h["B"]), cp.zeros((m, n), cp.float32)
        ref = cp.matmul(a[:, :, 0], b).get()
        return h, {"m": m, "n": n, "k": k}, "C", ref, ("naive kernel", lambda: NAIVE(
            ((n + 15) // 16, (m + 15) // 16), (16, 16), (a, b, c, np.int32(m), np.int32(n), np.int32(k))))
    if kernel in ("batched_matmul", "reuse_matmul"):
        batch, m, n, k = 512, 32, 32, 64
        h = {"A": f32(batch, m, k), "B": f32(batch, k, n) if kernel == "batched_matmul" else f32(k, n),
             "C": np.zeros((batch, m, n), np.float32)}
        a, b = cp.asarray(h["A"]), cp.asarray(h["B"])
        return h, {"batch": batch}, "C", cp.matmul(a, b).get(), ("cuBLAS strided-batched sgemm", lambda: cp.matmul(a, b))
    raise ValueError(kernel)


result = {"device": cp.cuda.runtime.getDeviceProperties(0)["name"].decode(), "kernels": {}}
for ptx in sorted(glob.glob(os.path.join(out_dir, "*-code", "*.ptx"))):
    kernel = os.path.basename(ptx)[:-4]
    row = {}
    try:
        search = json.load(open(os.path.join(out_dir, kernel + ".json")))
        row["search"] = {key: search.get(key) for key in ("evaluator", "evaluations", "failures", "bestNanoseconds",
                                                         "bestAt", "cuts", "stop", "checkedBests", "wrongOutputs")}
        with open(os.path.join(out_dir, kernel + ".jsonl")) as log:  # the end event: the search's own wall time
            end = [json.loads(line) for line in log if line.startswith('{"event":"end"')]
        if end:
            row["search"]["seconds"] = end[-1]["ms"] / 1000
            row["search"]["evaluationsPerSecond"] = end[-1]["evaluations"] / max(end[-1]["ms"] / 1000, 1e-9)
        launch = json.load(open(ptx[:-4] + ".launch.json"))
        host, scalars, out_name, ref, (base_name, base) = problem(kernel)
        dev = {name: cp.asarray(a.ravel()) for name, a in host.items()}
        args = []
        for p in launch["params"]:
            if p["kind"] == "array":
                args.append(dev[p["name"]])
            elif p["kind"] == "temporary":
                args.append(cp.zeros(max(int(p["bytes"]), 4), dtype=cp.uint8))
            elif p["type"] == "f32":
                args.append(np.float32(scalars[p["name"]]))
            else:
                args.append(np.int32(scalars[p["name"]]))
        fn = cp.RawModule(path=ptx).get_function(launch["entry"])
        grid, block = tuple(launch["grid"]), tuple(launch["block"])
        fn(grid, block, tuple(args))
        cp.cuda.Device().synchronize()
        got = dev[out_name].get().astype(np.float64)
        want = np.asarray(ref, dtype=np.float64).ravel()
        row["wrong"] = int(np.count_nonzero(~(np.abs(got - want) <= 1e-3 + 1e-3 * np.abs(want))))
        row["best_ms"] = timed(lambda: fn(grid, block, tuple(args)))
        row["baseline"] = base_name
        row["baseline_ms"] = timed(base)
        row["speedup"] = row["baseline_ms"] / row["best_ms"]
    except Exception as e:  # a best that fails is a result, not a crash of the run
        row["error"] = f"{type(e).__name__}: {e}"[:400]
    result["kernels"][kernel] = row
    print(kernel, json.dumps({k: v for k, v in row.items() if k != "search"}), flush=True)
    json.dump(result, open(out_path, "w"), indent=1)
