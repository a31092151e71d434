/*
 * A stand-in for the CUDA driver (libcuda.so.1) for GpuEvaluatorTest: the entry points the GPU evaluator calls, with
 * the driver's signatures, on host memory. Kernels do not run (a launch only counts), so outputs stay as uploaded.
 * Compiled by the test with gcc; -DLOAD_RC=N, -DSYNC_RC=N, -DLAUNCH_RC=N make that call fail with error N. The device
 * name reports live modules, allocations and context resets, so the test sees leaks and recoveries.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef LOAD_RC
#define LOAD_RC 0
#endif
#ifndef SYNC_RC
#define SYNC_RC 0
#endif
#ifndef LAUNCH_RC
#define LAUNCH_RC 0
#endif

static int modules, allocations, resets, launches, sticky;
static const float times[] = { 0.5f, 0.25f, 2.0f, 0.25f, 0.75f };
static int next_time;

int cuGetErrorName(int rc, const char **name) {
    switch (rc) {
    case 218: *name = "CUDA_ERROR_INVALID_PTX"; return 0;
    case 700: *name = "CUDA_ERROR_ILLEGAL_ADDRESS"; return 0;
    case 701: *name = "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES"; return 0;
    default: *name = 0; return 1;
    }
}
int cuInit(unsigned flags) { return flags == 0 ? 0 : 1; }
int cuDeviceGet(int *dev, int ordinal) { *dev = ordinal; return 0; }
int cuDeviceGetName(char *name, int len, int dev) {
    snprintf(name, len, "Fake GPU %d (modules %d, allocations %d, resets %d, launches %d)", dev, modules, allocations,
             resets, launches);
    return 0;
}
int cuDeviceGetAttribute(int *v, int attr, int dev) { *v = attr == 75 ? 9 : 0; return 0; }
int cuDevicePrimaryCtxRetain(void **ctx, int dev) { *ctx = (void *)0x1000; return 0; }
int cuDevicePrimaryCtxRelease_v2(int dev) { return 0; }
int cuDevicePrimaryCtxReset_v2(int dev) { resets++; sticky = 0; modules = 0; allocations = 0; return 0; }
int cuCtxSetCurrent(void *ctx) { return ctx == (void *)0x1000 ? 0 : 201; }
int cuCtxSynchronize(void) {
    if (SYNC_RC != 0) { sticky = 1; return SYNC_RC; }
    return 0;
}
int cuModuleLoadData(void **m, const void *image) {
    if (LOAD_RC != 0) return LOAD_RC;
    if (memcmp(image, "\177ELF", 4) != 0 && strstr((const char *)image, ".entry") == 0) return 218; /* PTX or a cubin */
    *m = malloc(1); __atomic_add_fetch(&modules, 1, __ATOMIC_SEQ_CST); return 0; /* worker threads load at once */
}
int cuModuleUnload(void *m) { if (sticky) return 700; free(m); __atomic_sub_fetch(&modules, 1, __ATOMIC_SEQ_CST); return 0; }
int cuModuleGetFunction(void **f, void *m, const char *name) { *f = (void *)strdup(name); return 0; }
int cuMemAlloc_v2(uint64_t *p, size_t n) { *p = (uint64_t)calloc(n, 1); allocations++; return *p ? 0 : 2; }
int cuMemFree_v2(uint64_t p) { if (sticky) return 700; free((void *)p); allocations--; return 0; }
int cuMemcpyHtoD_v2(uint64_t dst, const void *src, size_t n) { memcpy((void *)dst, src, n); return 0; }
int cuMemcpyDtoH_v2(void *dst, uint64_t src, size_t n) { memcpy(dst, (void *)src, n); return 0; }
int cuMemcpyDtoD_v2(uint64_t dst, uint64_t src, size_t n) { memcpy((void *)dst, (void *)src, n); return 0; }
int cuMemsetD8_v2(uint64_t dst, unsigned char v, size_t n) { memset((void *)dst, v, n); return 0; }
int cuLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                   unsigned shared, void *stream, void **params, void **extra) {
    if (LAUNCH_RC != 0) return LAUNCH_RC;
    if (gx == 0 || gy == 0 || gz == 0 || bx == 0 || by == 0 || bz == 0 || params == 0) return 1;
    launches++;
    return 0;
}
int cuEventCreate(void **e, unsigned flags) { *e = malloc(1); return 0; }
int cuEventDestroy_v2(void *e) { free(e); return 0; }
int cuEventRecord(void *e, void *stream) { return 0; }
int cuEventSynchronize(void *e) { return 0; }
int cuEventElapsedTime(float *ms, void *start, void *end) {
    *ms = times[next_time++ % 5];
    return 0;
}
