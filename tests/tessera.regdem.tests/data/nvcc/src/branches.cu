// Tessera RegDem corpus: data-dependent branches and loops inside a warp (divergence and reconvergence).
__global__ void divergent(int n, const int* __restrict__ kind, const float* __restrict__ x, float* __restrict__ y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i];
  int k = kind[i];
  if (k & 1) {
    for (int t = 0; t < (k >> 1); t++) v = v * 1.5f - 0.25f * t;
  } else if (k & 2) {
    while (v > 1.f) v *= 0.5f;
  } else {
    switch (k & 12) {
      case 0: v = -v; break;
      case 4: v = v * v; break;
      case 8: v = expf(v); break;
      default: v = logf(fabsf(v) + 1.f);
    }
  }
  y[i] = v;
}
