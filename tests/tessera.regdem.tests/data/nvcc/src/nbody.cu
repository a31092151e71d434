// Tessera RegDem corpus: all-pairs n-body accelerations with bodies staged through shared memory.
__global__ void nbody(int n, float soft2, const float4* __restrict__ pos, float3* __restrict__ acc) {
  extern __shared__ float4 tilebuf[];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 me = i < n ? pos[i] : make_float4(0, 0, 0, 0);
  float ax = 0, ay = 0, az = 0;
  for (int t = 0; t < n; t += blockDim.x) {
    int j = t + threadIdx.x;
    tilebuf[threadIdx.x] = j < n ? pos[j] : make_float4(0, 0, 0, 0);
    __syncthreads();
#pragma unroll 4
    for (int k = 0; k < blockDim.x; k++) {
      float4 o = tilebuf[k];
      float dx = o.x - me.x, dy = o.y - me.y, dz = o.z - me.z;
      float inv = rsqrtf(dx * dx + dy * dy + dz * dz + soft2);
      float s = o.w * inv * inv * inv;
      ax += dx * s; ay += dy * s; az += dz * s;
    }
    __syncthreads();
  }
  if (i < n) acc[i] = make_float3(ax, ay, az);
}
