// Tessera RegDem corpus: 2-D 5-point stencil over a shared-memory tile with a one-cell halo.
#define BX 32
#define BY 8
__global__ void stencil2d(int nx, int ny, float w0, float w1, const float* __restrict__ in, float* __restrict__ out) {
  __shared__ float tile[BY + 2][BX + 2];
  int x = blockIdx.x * BX + threadIdx.x, y = blockIdx.y * BY + threadIdx.y;
  int lx = threadIdx.x + 1, ly = threadIdx.y + 1;
  bool inside = x < nx && y < ny;
  tile[ly][lx] = inside ? in[y * nx + x] : 0.f;
  if (threadIdx.x == 0) tile[ly][0] = (x > 0 && y < ny) ? in[y * nx + x - 1] : 0.f;
  if (threadIdx.x == BX - 1) tile[ly][BX + 1] = (x + 1 < nx && y < ny) ? in[y * nx + x + 1] : 0.f;
  if (threadIdx.y == 0) tile[0][lx] = (y > 0 && x < nx) ? in[(y - 1) * nx + x] : 0.f;
  if (threadIdx.y == BY - 1) tile[BY + 1][lx] = (y + 1 < ny && x < nx) ? in[(y + 1) * nx + x] : 0.f;
  __syncthreads();
  if (inside)
    out[y * nx + x] = w0 * tile[ly][lx] + w1 * (tile[ly][lx - 1] + tile[ly][lx + 1] + tile[ly - 1][lx] + tile[ly + 1][lx]);
}
