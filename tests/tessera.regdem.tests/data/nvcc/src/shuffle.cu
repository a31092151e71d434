// Tessera RegDem corpus: warp-level primitives: inclusive scan with shuffles, ballot, vote and population count.
__global__ void warp_scan(int n, const int* __restrict__ in, int* __restrict__ out, unsigned* __restrict__ masks) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x & 31;
  int v = i < n ? in[i] : 0;
  for (int o = 1; o < 32; o <<= 1) {
    int u = __shfl_up_sync(0xffffffffu, v, o);
    if (lane >= o) v += u;
  }
  unsigned positive = __ballot_sync(0xffffffffu, v > 0);
  int all = __all_sync(0xffffffffu, v >= 0);
  int bfly = __shfl_xor_sync(0xffffffffu, v, 16) + __shfl_sync(0xffffffffu, v, 0);
  if (i < n) out[i] = v + (all ? __popc(positive) : -1) + (bfly & 1);
  if (lane == 0 && i < n) masks[i / 32] = positive;
}
