// Tessera RegDem corpus: a double-buffered shared-memory pipeline fed by asynchronous copies (cp.async on sm_80 and
// later; plain loads and stores before).
#include <cuda_pipeline.h>
__global__ void async_scale(int n, float alpha, const float4* __restrict__ in, float4* __restrict__ out) {
  __shared__ float4 buf[2][128];
  int tiles = (n + 127) / 128;
  int stage = 0;
  if (blockIdx.x < tiles) __pipeline_memcpy_async(&buf[0][threadIdx.x], &in[blockIdx.x * 128 + threadIdx.x], 16);
  __pipeline_commit();
  for (int t = blockIdx.x; t < tiles; t += gridDim.x) {
    int next = t + gridDim.x;
    if (next < tiles) __pipeline_memcpy_async(&buf[stage ^ 1][threadIdx.x], &in[next * 128 + threadIdx.x], 16);
    __pipeline_commit();
    __pipeline_wait_prior(1);
    __syncthreads();
    float4 v = buf[stage][threadIdx.x];
    out[t * 128 + threadIdx.x] = make_float4(alpha * v.x, alpha * v.y, alpha * v.z, alpha * v.w);
    __syncthreads();
    stage ^= 1;
  }
}
