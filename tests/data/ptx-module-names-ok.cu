#include <mma.h>
#include <cuda_fp16.h>
#include <cuda_pipeline.h>
using namespace nvcuda;
__global__ void k(float *out, const half *a, const half *b, int *ci, const float *in, int n,
                  cudaTextureObject_t tx) {
  __shared__ float sh[256];
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
  wmma::fill_fragment(fc, 0.0f);
  wmma::load_matrix_sync(fa, a, 16);
  wmma::load_matrix_sync(fb, b, 16);
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(out, fc, 16, wmma::mem_row_major);
  __pipeline_memcpy_async(&sh[threadIdx.x], &in[threadIdx.x], 4);
  __pipeline_commit();
  __pipeline_wait_prior(0);
  float acc = 0.f;
  for (int i = threadIdx.x; i < n; i += blockDim.x) {
    float x = in[i];
    if (x > 1.5f) acc += __fdividef(x, 3.f); else acc -= sqrtf(fabsf(x)) * __expf(x);
    acc = fmaf(acc, x, (float)i);
  }
  int v = __shfl_sync(0xffffffff, (int)acc, 3);
  atomicAdd(ci, v);
  atomicMax(ci + 2, v);
  atomicCAS(ci + 3, v, 7);
  __syncthreads();
  out[threadIdx.x] += __sinf(out[1]) + __popc(v) + __brev(v) + __clz(v) + (double)acc / 3.0;
  __nanosleep(10);
  int b2 = __ballot_sync(0xffffffff, v > 2);
  ci[1] = __reduce_add_sync(0xffffffff, b2) + __funnelshift_l(v, b2, 3) + __byte_perm(v, b2, 0x3210);
  out[2] = tex2D<float>(tx, acc, 0.5f);
  __threadfence();
  if (v == 99) __trap();
}
