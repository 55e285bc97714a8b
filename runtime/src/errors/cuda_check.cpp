#include "errors/cuda_check.h"

#include "graphc/runtime_error.h"

namespace graphc::detail {

CallSite site_of(const SourceManager& sources, const ir::Node& node) { return {&sources, node.name, node.range}; }

void check(cudaError_t status, const char* operation, const CallSite& site) {
  if (status == cudaSuccess) return;
  cudaGetLastError();
  fail_call(cudaGetErrorName(status), cudaGetErrorString(status), operation, site);
}

void fail_call(const char* name, const char* text, const char* operation, const CallSite& site) {
  const std::string location = site.sources != nullptr ? site.sources->location(site.range) : std::string();
  cuda_failure(name, text, operation, site.node, location);
}

}  // namespace graphc::detail
