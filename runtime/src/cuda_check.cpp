#include "cuda_check.h"

#include "graphc/generated_support.h"

namespace graphc::detail {

CallSite site_of(const SourceManager& sources, const ir::Node& node) {
  return {node.name, sources.location(node.range)};
}

void check(cudaError_t status, const char* operation, const CallSite& site) {
  if (status == cudaSuccess) return;
  cudaGetLastError();
  check_cuda(status, operation, site.node.c_str(), site.location.c_str());
}

}  // namespace graphc::detail
