// Edge ports (CUDA 12.3 edge data). An edge written `->[programmatic]` or
// `->[launch_completion]` gets the out port cudaGraphKernelNodePortProgrammatic or
// cudaGraphKernelNodePortLaunchCompletion and the type cudaGraphDependencyTypeProgrammatic,
// which CUDA allows only between kernel nodes (only kernel nodes have out ports other than
// the default): either end being another kind of node is an error (E0701, E0702), reported
// once per name as written, with a note at the node's declaration. Two nodes have at most
// one dependency, so the same edge written with two different ports is an error (E0703);
// the later one is dropped, so that check_structure does not report it again as a
// duplicate. (The same edge with the same port twice is check_structure's W0301.)
#include <algorithm>
#include <cstdint>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <variant>
#include <vector>

#include "ir/node_kind.h"
#include "sema/passes.h"

namespace graphc::sema {
namespace {

std::string_view port_name(ir::EdgePort port) {
  switch (port) {
    case ir::EdgePort::default_: return "default";
    case ir::EdgePort::programmatic: return "programmatic";
    case ir::EdgePort::launch_completion: return "launch_completion";
  }
  return "?";
}

// Where an edge's port is written: the port's word, else the arrow.
SourceRange port_site(const ir::Edge& edge) { return edge.port_range.valid() ? edge.port_range : edge.range; }

class PortChecker {
 public:
  explicit PortChecker(GraphContext& ctx) : ctx_(ctx) {}

  // One end of a port edge: an error unless it is a kernel node. A name written once (a
  // group member, the middle of a chain) is reported once.
  void check_end(DiagCode code, const ir::Edge& edge, ir::NodeId id, SourceRange written) {
    const ir::Node& node = ctx_.graph.node(id);
    if (std::holds_alternative<ir::KernelNode>(node.op)) return;
    if (!reported_.insert(written.begin).second) return;
    ctx_.diags.report(code, written, port_name(edge.port), ir::kind_info(node).cuda_words, node.name)
        .note<NoteCode::declared_here>(node.name_range, node.name);
  }

  // False, after reporting E0703, when the edge's ends already have an edge with another
  // port.
  bool check_conflict(const ir::Edge& edge) {
    const std::uint64_t key = std::uint64_t{edge.from_id.value} << 32 | edge.to_id.value;
    const auto [it, inserted] = first_.emplace(key, First{edge.port, port_site(edge)});
    if (inserted || it->second.port == edge.port) return true;
    ctx_.diags
        .report(DiagCode::port_conflict, port_site(edge), edge.from, edge.to, port_name(edge.port),
                port_name(it->second.port))
        .note<NoteCode::first_given_with_port>(it->second.site, port_name(it->second.port));
    return false;
  }

 private:
  struct First {
    ir::EdgePort port;
    SourceRange site;
  };
  GraphContext& ctx_;
  std::unordered_set<std::uint32_t> reported_;      // positions of names already reported
  std::unordered_map<std::uint64_t, First> first_;  // by (from << 32 | to)
};

}  // namespace

void check_edge_ports(GraphContext& ctx) {
  // Without a port, no edge breaks a port rule or conflicts with another.
  const auto has_port = [](const ir::Edge& edge) { return edge.port != ir::EdgePort::default_; };
  if (std::none_of(ctx.graph.edges.begin(), ctx.graph.edges.end(), has_port)) return;
  PortChecker checker(ctx);
  std::vector<ir::Edge> kept;
  kept.reserve(ctx.graph.edges.size());
  for (ir::Edge& edge : ctx.graph.edges) {
    if (!edge.from_id.valid() || !edge.to_id.valid()) {
      kept.push_back(std::move(edge));
      continue;
    }
    if (!checker.check_conflict(edge)) continue;
    if (edge.port != ir::EdgePort::default_) {
      checker.check_end(DiagCode::port_from_not_kernel, edge, edge.from_id, edge.from_range);
      checker.check_end(DiagCode::port_into_not_kernel, edge, edge.to_id, edge.to_range);
    }
    kept.push_back(std::move(edge));
  }
  ctx.graph.edges = std::move(kept);
}

}  // namespace graphc::sema
