#include "host_kernels.h"

namespace graphc::test {
namespace {

__global__ void negate(float* x, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) x[i] = -x[i];
}

}  // namespace

NegateKernel negate_kernel() { return negate; }

}  // namespace graphc::test
