#include "cuda_device.h"

#include <cuda_runtime_api.h>

namespace graphc::samples {

int device_count() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    (void)cudaGetLastError();  // reset the runtime's last error
    return 0;
  }
  return count;
}

bool cuda_device_present() { return device_count() > 0; }

}  // namespace graphc::samples
