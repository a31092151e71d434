// Tessera RegDem corpus: a kernel that spills to local memory: a dynamically indexed per-thread array and a
// register cap of 32 (1024 threads, 2 blocks per SM).
__global__ void __launch_bounds__(1024, 2) local_spill(int n, const float* __restrict__ in, const int* __restrict__ idx,
                                                      float* __restrict__ out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float h[24];
  for (int k = 0; k < 24; k++) h[k] = in[(i + k * 37) % n] * (k + 1);
  float acc = 0.f;
  for (int k = 0; k < 24; k++) acc += h[idx[(i + k) % n] % 24] * h[k];
  for (int k = 0; k < 24; k++) acc += h[k] * h[23 - k] * 0.5f;
  out[i] = acc;
}
