// Tessera RegDem corpus: 64-bit arithmetic whose slow paths nvcc emits as subroutines (double division and square
// root, 64-bit integer division and remainder).
__global__ void math64(int n, const double* __restrict__ a, const double* __restrict__ b, const long long* __restrict__ p,
                       const long long* __restrict__ q, double* __restrict__ r, long long* __restrict__ s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double x = a[i] / b[i];
  r[i] = sqrt(x * x + 1.0) + fma(a[i], b[i], x);
  long long d = q[i] == 0 ? 1 : q[i];
  s[i] = p[i] / d + p[i] % 7;
}
