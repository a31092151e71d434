// Tessera RegDem corpus: register spilling without any local array: 36 values live across a loop under a cap of
// 32 registers (1024 threads, 2 blocks per SM), so nvcc spills them to local memory at fixed stack offsets. This is
// the kernel whose local->shared variant is patched into nvcc's cubin and run on the GPU (docs/regdem.md).
#define V(i) float v##i = x[(i * 7 + t) % n] * (i + 1);
#define U(i) v##i = fmaf(v##i, w, v##i * 0.5f + (float)i);
#define S(i) acc += v##i * (float)(i + 1);
#define ALL(M) M(0) M(1) M(2) M(3) M(4) M(5) M(6) M(7) M(8) M(9) M(10) M(11) M(12) M(13) M(14) M(15) M(16) M(17) \
  M(18) M(19) M(20) M(21) M(22) M(23) M(24) M(25) M(26) M(27) M(28) M(29) M(30) M(31) M(32) M(33) M(34) M(35)
__global__ void __launch_bounds__(1024, 2) spill_regs(int n, int steps, const float* __restrict__ x,
                                                     const float* __restrict__ ws, float* __restrict__ out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= n) return;
  ALL(V)
  for (int s = 0; s < steps; s++) {
    float w = ws[s];
    ALL(U)
  }
  float acc = 0.f;
  ALL(S)
  out[t] = acc;
}
