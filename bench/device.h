// What every benchmark checks first.
#pragma once

namespace graphc::bench {

/// Whether a CUDA device is present (cudaGetDeviceCount); when none is, prints
/// "<program>: no CUDA device" and the benchmark exits 77.
bool have_device(const char* program);

}  // namespace graphc::bench
