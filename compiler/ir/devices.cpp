#include "ir/devices.h"

#include <algorithm>

namespace graphc::ir {

std::optional<int> placed_device(const Graph& graph, const Node& node) {
  if (const auto* kernel = std::get_if<KernelNode>(&node.op)) return kernel->device;
  if (const auto* alloc = std::get_if<AllocNode>(&node.op)) return graph.buffer(alloc->buffer).device_value;
  if (const auto* memset = std::get_if<MemsetNode>(&node.op)) {
    if (!memset->dst.id.valid()) return std::nullopt;
    return graph.buffer(graph.storage(memset->dst.id).root).device_value;
  }
  return std::nullopt;
}

std::vector<PassedMemory> passed_device_memory(const Graph& graph, const KernelNode& kernel) {
  std::vector<PassedMemory> out;
  for (const KernelArg* arg : leaf_args(kernel.args)) {
    if (arg->kind != KernelArg::Kind::buffer) continue;
    const BufferId root = graph.storage(arg->buffer).root;
    const Buffer& memory = graph.buffer(root);
    if (memory.space == MemorySpace::device && !graph.is_parameter(root)) out.push_back({arg, &memory});
  }
  return out;
}

bool meets_placement(const Graph& graph, const Node& node) {
  if (placed_device(graph, node)) return true;
  const auto* kernel = std::get_if<KernelNode>(&node.op);
  if (kernel == nullptr) return false;
  const std::vector<PassedMemory> passed = passed_device_memory(graph, *kernel);
  return std::any_of(passed.begin(), passed.end(),
                     [](const PassedMemory& p) { return p.memory->device_value.has_value(); });
}

bool places_devices(const Graph& graph) {
  const bool buffers = std::any_of(graph.buffers.begin(), graph.buffers.end(),
                                   [](const Buffer& b) { return b.device_value || !b.peer_values.empty(); });
  return buffers || std::any_of(graph.nodes.begin(), graph.nodes.end(), [&](const Node& n) {
           const auto* kernel = std::get_if<KernelNode>(&n.op);
           return kernel != nullptr && kernel->device;
         });
}

}  // namespace graphc::ir
