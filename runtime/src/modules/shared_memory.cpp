#include "modules/shared_memory.h"

#include <algorithm>
#include <utility>

#include "errors/cuda_check.h"
#include "errors/runtime_diag.h"

namespace graphc::detail {
namespace {

constexpr std::uint32_t kDefaultLimit = 48 * 1024;

}  // namespace

bool needs_shared_memory_attribute(const ir::KernelNode& kernel) { return kernel.shared_memory_bytes > kDefaultLimit; }

void configure_shared_memory(const ProgramState& program, const ir::Graph& graph,
                             const std::vector<cudaKernel_t>& kernels, const CurrentNode& current) {
  const auto node_at = [&](std::size_t i) -> const ir::Node& { return current ? current(i) : graph.nodes[i]; };
  // Each kernel with the index of the node asking it the most, in order of first use.
  std::vector<std::pair<cudaKernel_t, std::size_t>> largest;
  for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
    const auto* kernel = std::get_if<ir::KernelNode>(&node_at(i).op);
    if (!kernel || !needs_shared_memory_attribute(*kernel)) continue;
    auto it =
        std::find_if(largest.begin(), largest.end(), [&](const auto& entry) { return entry.first == kernels[i]; });
    if (it == largest.end()) {
      largest.emplace_back(kernels[i], i);
    } else if (kernel->shared_memory_bytes > std::get<ir::KernelNode>(node_at(it->second).op).shared_memory_bytes) {
      it->second = i;
    }
  }
  if (largest.empty()) return;

  int device = 0;
  int optin = 0;
  check(cudaGetDevice(&device), "cudaGetDevice");
  check(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device), "cudaDeviceGetAttribute");
  for (const auto& [kernel, index] : largest) {
    const ir::Node& node = node_at(index);
    const ir::KernelNode& k = std::get<ir::KernelNode>(node.op);
    const std::uint32_t bytes = k.shared_memory_bytes;
    if (bytes > static_cast<std::uint32_t>(optin)) {
      fail(program.sources(), program.path, DiagCode::shared_memory_limit,
           k.shared_memory ? k.shared_memory->range : node.range, node.name, bytes, optin);
    }
    check(cudaKernelSetAttributeForDevice(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(bytes),
                                          device),
          "cudaKernelSetAttributeForDevice(cudaFuncAttributeMaxDynamicSharedMemorySize)",
          site_of(program.sources(), node));
  }
}

}  // namespace graphc::detail
