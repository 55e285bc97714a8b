// The runtime path of a sample: load the .graph with graphc::Program::load (NVRTC compiles
// its kernels), instantiate one graph with every buffer allocated by the runtime (initial
// contents written), launch it once, and copy the named host buffers out.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "common/sample_main.h"

namespace graphc::samples {

/// Throws graphc::Error for any load, instantiate or launch failure.
std::vector<NamedBuffer> run_loaded(const std::string& path, std::string_view graph,
                                    const std::vector<std::string>& host_buffers);

}  // namespace graphc::samples
