// Tessera RegDem corpus: an Euler-equation flux kernel in the style of a finite-volume CFD solver.
// Written for Tessera (Apache-2.0); structure-of-arrays cells, four neighbours per cell.
#define NNB 4
#define NVAR 5
__device__ inline float pressure(float rho, float e, float ke) { return 0.4f * (e - 0.5f * ke / rho); }

__global__ void compute_flux(int ncells, const int* __restrict__ neighbours, const float* __restrict__ normals,
                             const float* __restrict__ vars, float* __restrict__ fluxes) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= ncells) return;
  float rho = vars[i], mx = vars[i + ncells], my = vars[i + 2 * ncells], mz = vars[i + 3 * ncells];
  float e = vars[i + 4 * ncells];
  float ke = mx * mx + my * my + mz * mz;
  float p = pressure(rho, e, ke);
  float c = sqrtf(1.4f * p / rho);
  float f[NVAR] = {0, 0, 0, 0, 0};
  for (int j = 0; j < NNB; j++) {
    int nb = neighbours[i + j * ncells];
    float nx = normals[i + (j * 3 + 0) * ncells], ny = normals[i + (j * 3 + 1) * ncells];
    float nz = normals[i + (j * 3 + 2) * ncells];
    float area = sqrtf(nx * nx + ny * ny + nz * nz);
    if (nb >= 0) {
      float rn = vars[nb], mxn = vars[nb + ncells], myn = vars[nb + 2 * ncells], mzn = vars[nb + 3 * ncells];
      float en = vars[nb + 4 * ncells];
      float ken = mxn * mxn + myn * myn + mzn * mzn;
      float pn = pressure(rn, en, ken);
      float cn = sqrtf(1.4f * pn / rn);
      float un = (mx * nx + my * ny + mz * nz) / rho, unn = (mxn * nx + myn * ny + mzn * nz) / rn;
      float smax = 0.5f * area * fmaxf(fabsf(un) + c, fabsf(unn) + cn);
      f[0] += 0.5f * (rho * un + rn * unn) - smax * (rn - rho);
      f[1] += 0.5f * (mx * un + mxn * unn + (p + pn) * nx) - smax * (mxn - mx);
      f[2] += 0.5f * (my * un + myn * unn + (p + pn) * ny) - smax * (myn - my);
      f[3] += 0.5f * (mz * un + mzn * unn + (p + pn) * nz) - smax * (mzn - mz);
      f[4] += 0.5f * ((e + p) * un + (en + pn) * unn) - smax * (en - e);
    } else if (nb == -1) {  // wall
      f[1] += p * nx; f[2] += p * ny; f[3] += p * nz;
    } else {  // far field
      f[0] += 0.1f * area; f[4] += 0.2f * area * p;
    }
  }
  for (int k = 0; k < NVAR; k++) fluxes[i + k * ncells] = f[k];
}
