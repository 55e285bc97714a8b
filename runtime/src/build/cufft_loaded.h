// cuFFT for the runtime's capture nodes, loaded with dlopen the first time an instance
// builds a cuFFT capture node (modules/cuda_library.h): a program, or `graphc run`, whose
// graphs call no cuFFT never loads it.
#pragma once

#include <string>

#include "graphc/cufft_ops.h"

namespace graphc::detail {

/// cuFFT's entry points, from libcufft.so.<its major version> (open_cuda_library), loaded on
/// the first call and kept for the life of the process. Throws graphc::Error R0063 naming
/// capture node `node` at `location` with what dlopen or dlsym said when it cannot be
/// loaded; the next call tries again.
const CufftApi& loaded_cufft(const std::string& node, const std::string& location);

}  // namespace graphc::detail
