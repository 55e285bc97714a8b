// Whether this machine can run the samples: the CUDA devices the runtime can see.
#pragma once

namespace graphc::samples {

/// True when cudaGetDeviceCount succeeds with at least one device. False with no driver,
/// no device, or a driver too old for the runtime.
bool cuda_device_present();

/// The number of CUDA devices the runtime can see; 0 where cuda_device_present() is false.
int device_count();

}  // namespace graphc::samples
