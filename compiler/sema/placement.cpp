#include "sema/placement.h"

#include "ir/overloaded.h"

namespace graphc::sema {

bool allowed_in_body(const ir::Node& node) {
  return std::visit(ir::Overloaded{
                        [](const ir::KernelNode&) { return true; },
                        [](const ir::CopyNode&) { return true; },
                        [](const ir::MemsetNode&) { return true; },
                        [](const ir::EmptyNode&) { return true; },
                        [](const ir::ChildGraphNode&) { return true; },
                        [](const ir::CaptureNode&) { return true; },
                        [](const ir::ConditionalNode&) { return true; },
                        [](const auto&) { return false; },
                    },
                    node.op);
}

bool allowed_in_device_graph(const ir::Node& node) {
  return std::visit(ir::Overloaded{
                        [](const ir::KernelNode&) { return true; },
                        [](const ir::CopyNode&) { return true; },
                        [](const ir::MemsetNode&) { return true; },
                        [](const ir::ChildGraphNode&) { return true; },
                        [](const ir::CaptureNode&) { return true; },
                        [](const auto&) { return false; },
                    },
                    node.op);
}

std::vector<ManagedCopyEnd> managed_copy_ends(const ir::Graph& graph, const ir::CopyNode& copy) {
  std::vector<ManagedCopyEnd> out;
  for (const ManagedCopyEnd end : {ManagedCopyEnd{&copy.src, "reads"}, ManagedCopyEnd{&copy.dst, "writes"}}) {
    if (end.slice->id.valid() && graph.buffer(end.slice->id).space == ir::MemorySpace::managed) out.push_back(end);
  }
  return out;
}

}  // namespace graphc::sema
