// Whether this machine can run the samples: a CUDA device the runtime can see.
#pragma once

namespace graphc::samples {

/// True when cudaGetDeviceCount succeeds with at least one device. False with no driver,
/// no device, or a driver too old for the runtime.
bool cuda_device_present();

}  // namespace graphc::samples
