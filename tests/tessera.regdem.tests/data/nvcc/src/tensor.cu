// Tessera RegDem corpus: tensor cores: a 16x16x16 half-precision WMMA tile product, and ldmatrix + mma.sync
// through inline PTX.
#include <mma.h>
#include <cuda_fp16.h>
using namespace nvcuda;
__global__ void wmma_tile(const half* __restrict__ a, const half* __restrict__ b, float* __restrict__ c, int k) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
  wmma::fill_fragment(fc, 0.f);
  for (int k0 = 0; k0 < k; k0 += 16) {
    wmma::load_matrix_sync(fa, a + k0, k);
    wmma::load_matrix_sync(fb, b + k0, k);
    wmma::mma_sync(fc, fa, fb, fc);
  }
  wmma::store_matrix_sync(c, fc, 16, wmma::mem_row_major);
}

__global__ void ldmatrix_mma(const half* __restrict__ a, const half* __restrict__ b, float* __restrict__ c) {
  __shared__ __align__(16) half as[16 * 16];
  __shared__ __align__(16) half bs[16 * 8];
  int lane = threadIdx.x;
  for (int e = lane; e < 256; e += 32) as[e] = a[e];
  for (int e = lane; e < 128; e += 32) bs[e] = b[e];
  __syncwarp();
  unsigned ra[4], rb[2];
  unsigned aaddr = (unsigned)__cvta_generic_to_shared(&as[(lane % 16) * 16 + (lane / 16) * 8]);
  unsigned baddr = (unsigned)__cvta_generic_to_shared(&bs[(lane % 16) * 8]);
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
               : "=r"(ra[0]), "=r"(ra[1]), "=r"(ra[2]), "=r"(ra[3]) : "r"(aaddr));
  asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0,%1}, [%2];" : "=r"(rb[0]), "=r"(rb[1]) : "r"(baddr));
  float d[4] = {0, 0, 0, 0};
#if __CUDA_ARCH__ >= 800
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
               : "r"(ra[0]), "r"(ra[1]), "r"(ra[2]), "r"(ra[3]), "r"(rb[0]), "r"(rb[1]));
#else
  asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, {%4,%5}, {%6}, {%0,%1,%2,%3};"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]) : "r"(ra[0]), "r"(ra[1]), "r"(rb[0]));
#endif
  for (int r = 0; r < 4; r++) c[lane * 4 + r] = d[r];
}
