#include "noop_kernel.h"

#include "graphc/generated_support.h"

namespace graphc::bench {
namespace {

__global__ void noop() {}
__global__ void noop_with(float) {}
__global__ void noop_on(float*) {}
__global__ void spin(long long cycles) {
  const long long start = clock64();
  while (clock64() - start < cycles) {
  }
}

}  // namespace

const void* noop_kernel() { return reinterpret_cast<const void*>(&noop); }
const void* noop_with_kernel() { return reinterpret_cast<const void*>(&noop_with); }
const void* noop_on_kernel() { return reinterpret_cast<const void*>(&noop_on); }
const void* spin_kernel() { return reinterpret_cast<const void*>(&spin); }

void launch_noop(cudaStream_t stream) {
  check_cuda(cudaLaunchKernel(noop_kernel(), dim3(1), dim3(32), nullptr, 0, stream), "cudaLaunchKernel");
}

void launch_noop_with(cudaStream_t stream, float a) {
  void* args[] = {&a};
  check_cuda(cudaLaunchKernel(noop_with_kernel(), dim3(1), dim3(32), args, 0, stream), "cudaLaunchKernel");
}

}  // namespace graphc::bench
