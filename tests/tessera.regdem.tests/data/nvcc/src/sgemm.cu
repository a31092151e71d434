// Tessera RegDem corpus: register-blocked SGEMM, 64x64 block tile, 8x8 results per thread (64 threads).
#define TS 64
#define TK 8
__global__ void __launch_bounds__(64) sgemm(int n, const float* __restrict__ a, const float* __restrict__ b,
                                            float* __restrict__ c) {
  __shared__ float as[TK][TS];
  __shared__ float bs[TK][TS];
  int tx = threadIdx.x % 8, ty = threadIdx.x / 8;
  int row0 = blockIdx.y * TS, col0 = blockIdx.x * TS;
  float acc[8][8];
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++) acc[i][j] = 0.f;
  for (int k0 = 0; k0 < n; k0 += TK) {
    for (int l = threadIdx.x; l < TK * TS; l += 64) {
      int r = l / TK, k = l % TK;
      as[k][r] = a[(row0 + r) * n + k0 + k];
      bs[l / TS][l % TS] = b[(k0 + l / TS) * n + col0 + l % TS];
    }
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TK; k++) {
      float ra[8], rb[8];
#pragma unroll
      for (int i = 0; i < 8; i++) ra[i] = as[k][ty * 8 + i];
#pragma unroll
      for (int j = 0; j < 8; j++) rb[j] = bs[k][tx * 8 + j];
#pragma unroll
      for (int i = 0; i < 8; i++)
#pragma unroll
        for (int j = 0; j < 8; j++) acc[i][j] += ra[i] * rb[j];
    }
    __syncthreads();
  }
  for (int i = 0; i < 8; i++)
    for (int j = 0; j < 8; j++) c[(row0 + ty * 8 + i) * n + col0 + tx * 8 + j] = acc[i][j];
}
