// The memory floor of the decode benchmarks: what the device's memory can move.
#pragma once

#include <cuda_runtime_api.h>

namespace graphc::bench {

/// The current device's copy bandwidth in bytes/s: a 1 GiB device-to-device cudaMemcpy on
/// `stream` reads and writes each byte once; the median of 5. Throws graphc::Error R0001
/// when CUDA refuses.
double copy_bandwidth(cudaStream_t stream);

}  // namespace graphc::bench
