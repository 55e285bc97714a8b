// Host functions across the module: a host function takes one argument struct (its
// fields the arguments' C++ types in order, ir/host_args.h), so every host node that calls
// it, in any graph, passes the same types (E0113, with a note at the first node). The
// arguments themselves are resolved by check_kernel_args.
#include <algorithm>
#include <map>
#include <string>

#include "ir/host_args.h"
#include "sema/passes.h"

namespace graphc::sema {
namespace {

// The first node that calls a function, and what it passes.
struct FirstCall {
  const ir::Node* node = nullptr;
  std::string signature;
};

bool resolved(const ir::HostNode& host) {
  return std::none_of(host.args.begin(), host.args.end(),
                      [](const ir::KernelArg& a) { return a.kind == ir::KernelArg::Kind::unresolved; });
}

}  // namespace

void check_host_args(const ir::Module& module, DiagEngine& diags) {
  std::map<std::string, FirstCall, std::less<>> first;
  for (const ir::Graph& graph : module.graphs) {
    for (const ir::Node& node : graph.nodes) {
      const auto* host = std::get_if<ir::HostNode>(&node.op);
      if (host == nullptr || !resolved(*host)) continue;
      std::string signature = ir::host_args_signature(ir::host_args_layout(graph, *host));
      const auto [it, inserted] = first.try_emplace(host->function, FirstCall{&node, signature});
      if (inserted || it->second.signature == signature) continue;
      const SourceRange at = host->args_range.valid() ? host->args_range : host->function_range;
      diags
          .report(DiagCode::host_function_signature, at, host->function, signature, node.name, it->second.signature,
                  it->second.node->name)
          .note<NoteCode::calls_here>(it->second.node->name_range, it->second.node->name, host->function);
    }
  }
}

}  // namespace graphc::sema
