// Tessera RegDem corpus: several kernels in one file (one listing holds them all): scale, histogram with shared
// atomics, a predicated clamp and a kernel with static plus dynamic shared memory.
__global__ void scale(int n, float a, float* __restrict__ x) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= a;
}

__global__ void histogram(int n, const unsigned char* __restrict__ data, unsigned* __restrict__ bins) {
  __shared__ unsigned local[256];
  for (int b = threadIdx.x; b < 256; b += blockDim.x) local[b] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) atomicAdd(&local[data[i]], 1u);
  __syncthreads();
  for (int b = threadIdx.x; b < 256; b += blockDim.x) atomicAdd(&bins[b], local[b]);
}

__global__ void clamp_select(int n, float lo, float hi, const float* __restrict__ x, float* __restrict__ y,
                             int* __restrict__ clipped) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = x[i];
  int c = (v < lo) | ((v > hi) << 1);
  y[i] = v < lo ? lo : (v > hi ? hi : v);
  if (c) atomicAdd(clipped, c);
}

__global__ void mixed_shared(int n, const float* __restrict__ x, float* __restrict__ y) {
  __shared__ float fixed[64];
  extern __shared__ float dyn[];
  int t = threadIdx.x;
  fixed[t % 64] = (float)t;
  dyn[t] = blockIdx.x * blockDim.x + t < n ? x[blockIdx.x * blockDim.x + t] : 0.f;
  __syncthreads();
  if (blockIdx.x * blockDim.x + t < n) y[blockIdx.x * blockDim.x + t] = dyn[blockDim.x - 1 - t] + fixed[(t + 1) % 64];
}
