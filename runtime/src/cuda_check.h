// Checking CUDA calls made for a node: graphc::check_cuda (generated_support.h, shared
// with the generated code) with the node's name and `file:line:col`.
#pragma once

#include <cuda_runtime_api.h>

#include <string>

#include "ir/graph.h"
#include "source/source.h"

namespace graphc::detail {

/// The node a CUDA call is made for, as check_cuda names it; empty for calls of no node.
struct CallSite {
  std::string node;
  std::string location;
};

/// The site of `node`: its name and the location of its declaration.
CallSite site_of(const SourceManager& sources, const ir::Node& node);

/// Throws graphc::Error R0001 "<location>: error[R0001]: <operation> failed for node
/// '<node>': <cudaGetErrorName> (<cudaGetErrorString>)" unless `status` is cudaSuccess.
/// The runtime's per-thread last error is cleared, so a later cudaGetLastError() in the
/// caller's code does not see a failure graphc already reported.
void check(cudaError_t status, const char* operation, const CallSite& site = {});

}  // namespace graphc::detail
