#include "profile/node_map.h"

#include <algorithm>
#include <cstring>
#include <string_view>
#include <variant>

#include "errors/cuda_check.h"

namespace graphc::detail {
namespace {

constexpr std::size_t kUnknown = SIZE_MAX;

// The identifier a mangled kernel name holds: `ns::axpy<float>` -> "axpy".
std::string unqualified(std::string_view function) {
  function = function.substr(0, function.find('<'));
  const std::size_t colon = function.rfind("::");
  if (colon != std::string_view::npos) function = function.substr(colon + 2);
  return std::string(function);
}

}  // namespace

NodeMap::NodeMap(const CuptiLibrary& cupti, const ProgramState& program, const BuiltGraph& built) : cupti_(cupti) {
  add_graph(program, built, "");
}

void NodeMap::add_graph(const ProgramState& program, const BuiltGraph& built, const std::string& prefix) {
  const ir::Graph& graph = program.module().graph(built.graph_id);
  for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
    const ir::Node& node = graph.nodes[i];
    if (built.nodes[i] == nullptr) continue;
    const LineColumn at = program.sources().file(node.name_range.file).line_column(node.name_range.begin);
    ProfiledNode profiled{.path = prefix + node.name,
                          .kind = std::string(ir::kind_name(node)),
                          .file = program.sources().file(node.name_range.file).path(),
                          .line = at.line,
                          .column = at.column,
                          .kernel = {},
                          .captured = std::holds_alternative<ir::CaptureNode>(node.op) ||
                                      std::holds_alternative<ir::CollectiveNode>(node.op)};
    if (const auto* kernel = std::get_if<ir::KernelNode>(&node.op)) profiled.kernel = unqualified(kernel->function);
    // Only the graph being profiled is instantiated; what calls embed is nested in it.
    const bool top = prefix.empty() && !node.body.valid();
    std::uint64_t id = 0;
    cupti_.check(cupti_.graph_node_id(built.nodes[i], &id), "cuptiGetGraphNodeId");
    originals_[id] = nodes_.size();
    top_.push_back(top);
    nodes_.push_back(profiled);
    if (std::holds_alternative<ir::ChildGraphNode>(node.op)) {
      add_graph(program, *built.calls[i], prefix + node.name + "/");
    } else if (profiled.captured) {
      cudaGraph_t captured = nullptr;
      check(cudaGraphChildGraphNodeGetGraph(built.nodes[i], &captured), "cudaGraphChildGraphNodeGetGraph (profiling)",
            site_of(program.sources(), node));
      add_captured(captured, profiled);
    }
  }
}

void NodeMap::add_captured(cudaGraph_t graph, const ProfiledNode& capture) {
  std::size_t count = 0;
  check(cudaGraphGetNodes(graph, nullptr, &count), "cudaGraphGetNodes (profiling a capture node)");
  std::vector<cudaGraphNode_t> nodes(count);
  check(cudaGraphGetNodes(graph, nodes.data(), &count), "cudaGraphGetNodes (profiling a capture node)");
  for (cudaGraphNode_t node : nodes) {
    std::uint64_t id = 0;
    cupti_.check(cupti_.graph_node_id(node, &id), "cuptiGetGraphNodeId");
    originals_[id] = nodes_.size();
    top_.push_back(false);
    nodes_.push_back(capture);
    cudaGraphNodeType type{};
    check(cudaGraphNodeGetType(node, &type), "cudaGraphNodeGetType (profiling a capture node)");
    if (type == cudaGraphNodeTypeGraph) {
      cudaGraph_t child = nullptr;
      check(cudaGraphChildGraphNodeGetGraph(node, &child), "cudaGraphChildGraphNodeGetGraph (profiling)");
      add_captured(child, capture);
    }
  }
}

void NodeMap::cloned(std::uint64_t clone, std::uint64_t original) {
  const auto known = originals_.find(original);
  const std::size_t index = known == originals_.end() ? kUnknown : known->second;
  if (index != kUnknown && top_[index]) {
    exec_[clone] = index;
    if (!any_top_clone_ || clone > last_top_clone_) last_top_clone_ = clone;
    any_top_clone_ = true;
  } else {
    nested_clones_.emplace_back(clone, index);
  }
}

void NodeMap::instantiated() {
  // Graph by graph in the order the clones' graphs were made, each graph's in node order:
  // the order of the clones' ids.
  std::sort(nested_clones_.begin(), nested_clones_.end());
  std::uint64_t id = last_top_clone_;
  for (const auto& [clone, index] : nested_clones_) {
    ++id;
    if (index != kUnknown) exec_[id] = index;
  }
}

const ProfiledNode* NodeMap::find(std::uint64_t exec_node, const char* function) const {
  const auto found = exec_.find(exec_node);
  if (found == exec_.end()) return nullptr;
  const ProfiledNode& node = nodes_[found->second];
  if (function != nullptr && !node.captured &&
      (node.kernel.empty() || std::strstr(function, node.kernel.c_str()) == nullptr)) {
    return nullptr;
  }
  if (function == nullptr && !node.captured && node.kind != "copy" && node.kind != "memset") return nullptr;
  return &node;
}

}  // namespace graphc::detail
