// The kernel of synthetic kernel nodes (ir::Node::synthetic, ir::kNoopKernel): one with no
// parameters that does nothing, which the optimiser puts before many roots or after many
// leaves (opt::join_roots). The runtime carries it as PTX, so it needs no module of the
// user's and no NVRTC.
#pragma once

#include <cuda_runtime_api.h>

#include "errors/cuda_check.h"
#include "resources/handles.h"

namespace graphc::detail {

/// The no-op kernel, loaded (and kept loaded) as a library of its own.
struct NoopKernel {
  LibraryHandle library;
  cudaKernel_t kernel = nullptr;
};

/// cudaLibraryLoadData of the no-op kernel's PTX (PTX ISA 7.0, sm_75, which the driver
/// JIT-compiles for the device and caches), then cudaLibraryGetKernel. Failures are R0001
/// at `site` (the first synthetic node).
NoopKernel load_noop_kernel(const CallSite& site);

}  // namespace graphc::detail
