#include "device.h"

#include <cuda_runtime_api.h>

#include <cstdio>

namespace graphc::bench {

bool have_device(const char* program) {
  int devices = 0;
  if (cudaGetDeviceCount(&devices) == cudaSuccess && devices > 0) return true;
  std::printf("%s: no CUDA device\n", program);
  return false;
}

}  // namespace graphc::bench
