#include "cuda_device.h"

#include <cuda_runtime_api.h>

namespace graphc::samples {

bool cuda_device_present() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    (void)cudaGetLastError();  // reset the runtime's last error
    return false;
  }
  return count > 0;
}

}  // namespace graphc::samples
