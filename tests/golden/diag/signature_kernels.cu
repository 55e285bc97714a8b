// The module of the kernel-signature fixtures (e0120, e0255, e0256): graphc check compiles
// it with NVRTC and checks each kernel node against these signatures. They never run.
#include <cuda_fp16.h>

extern "C" __global__ void scale(float* x, float factor, int n) {}

namespace blas {
template <typename T>
__global__ void axpy(const T* x, T* y, T alpha, unsigned long long n) {}
}  // namespace blas

template __global__ void blas::axpy<float>(const float*, float*, float, unsigned long long);
