#include "ir/graph.h"

#include <algorithm>

#include "ir/node_kind.h"

namespace graphc::ir {
namespace {

template <class IdT, class T>
std::optional<IdT> find_by_name(const std::vector<T>& items, std::string_view name) {
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (items[i].name == name) return IdT{static_cast<std::uint32_t>(i)};
  }
  return std::nullopt;
}

}  // namespace

std::string_view kind_name(const Node& node) {
  if (const auto* conditional = std::get_if<ConditionalNode>(&node.op)) return type_name(conditional->type);
  return kind_info(node).keyword;
}

std::string_view type_name(ConditionalNode::Type type) {
  switch (type) {
    case ConditionalNode::Type::if_: return "if";
    case ConditionalNode::Type::while_: return "while";
    case ConditionalNode::Type::switch_: return "switch";
  }
  return "?";
}

bool Graph::has_unfreed_alloc() const {
  for (std::uint32_t i = 0; i < nodes.size(); ++i) {
    if (!std::holds_alternative<AllocNode>(nodes[i].op)) continue;
    const bool freed = std::any_of(nodes.begin(), nodes.end(), [&](const Node& n) {
      const auto* free = std::get_if<FreeNode>(&n.op);
      return free != nullptr && free->alloc_id == NodeId{i};
    });
    if (!freed) return true;
  }
  return false;
}

Graph::Storage Graph::storage(BufferId id) const {
  const Buffer& b = buffer(id);
  if (!b.view || !b.view->root.valid()) return Storage{id, 0};  // not a view, or one sema has not resolved
  return Storage{b.view->root, b.view->root_offset};
}

bool Graph::is_parameter(BufferId id) const {
  return std::any_of(parameters.begin(), parameters.end(),
                     [&](const Parameter& p) { return p.kind == Parameter::Kind::buffer && p.buffer == id; });
}

bool Graph::is_parameter(ParamId id) const {
  return std::any_of(parameters.begin(), parameters.end(),
                     [&](const Parameter& p) { return p.kind == Parameter::Kind::scalar && p.param == id; });
}

bool Graph::is_parameter(CommId id) const {
  return std::any_of(parameters.begin(), parameters.end(),
                     [&](const Parameter& p) { return p.kind == Parameter::Kind::comm && p.comm == id; });
}

const Node* Module::first_synthetic() const {
  for (const Graph& graph : graphs) {
    for (const Node& node : graph.nodes) {
      if (node.synthetic) return &node;
    }
  }
  return nullptr;
}

bool Module::has_unfreed_alloc(GraphId id) const {
  return any_in_call_tree(id, [](const Graph& g) { return g.has_unfreed_alloc(); });
}

bool Module::uses_node_priority(GraphId id) const {
  return any_in_call_tree(id, [](const Graph& g) {
    return std::any_of(g.nodes.begin(), g.nodes.end(), [](const Node& n) {
      const auto* kernel = std::get_if<KernelNode>(&n.op);
      return kernel != nullptr && kernel->launch.priority.has_value();
    });
  });
}

bool Module::any_in_call_tree(GraphId id, const std::function<bool(const Graph&)>& test) const {
  std::vector<GraphId> seen{id};
  for (std::size_t i = 0; i < seen.size(); ++i) {
    const Graph& g = graph(seen[i]);
    if (test(g)) return true;
    for (const Node& node : g.nodes) {
      const auto* call = std::get_if<ChildGraphNode>(&node.op);
      if (call == nullptr || !call->graph_id.valid()) continue;
      if (std::find(seen.begin(), seen.end(), call->graph_id) == seen.end()) seen.push_back(call->graph_id);
    }
  }
  return false;
}

bool Graph::body_within(BodyId inner, BodyId outer) const {
  for (BodyId b = inner; b.valid(); b = body(b).parent) {
    if (b == outer) return true;
  }
  return !outer.valid();
}

std::optional<NodeId> Graph::find_node(std::string_view n) const { return find_by_name<NodeId>(nodes, n); }
std::optional<BufferId> Graph::find_buffer(std::string_view n) const { return find_by_name<BufferId>(buffers, n); }
std::optional<ParamId> Graph::find_param(std::string_view n) const { return find_by_name<ParamId>(params, n); }
std::optional<ConstId> Graph::find_const(std::string_view n) const { return find_by_name<ConstId>(consts, n); }
std::optional<CondId> Graph::find_cond(std::string_view n) const { return find_by_name<CondId>(conds, n); }
std::optional<EventId> Graph::find_event(std::string_view n) const { return find_by_name<EventId>(events, n); }
std::optional<CommId> Graph::find_comm(std::string_view n) const { return find_by_name<CommId>(comms, n); }
std::optional<GraphId> Module::find_graph(std::string_view n) const { return find_by_name<GraphId>(graphs, n); }

std::vector<bool> Module::called_graphs() const {
  std::vector<bool> called(graphs.size(), false);
  for (const Graph& graph : graphs) {
    for (const Node& node : graph.nodes) {
      if (const auto* call = std::get_if<ChildGraphNode>(&node.op)) called[call->graph_id.value] = true;
    }
  }
  return called;
}
std::optional<StructId> Module::find_struct(std::string_view n) const { return find_by_name<StructId>(structs, n); }

std::string_view registration_name(CommRegistration registration) {
  switch (registration) {
    case CommRegistration::buffers: return "register";
    case CommRegistration::window: return "window";
    case CommRegistration::none: break;
  }
  return "";
}

bool device_updatable(const Node& node) {
  const auto* kernel = std::get_if<KernelNode>(&node.op);
  return kernel != nullptr && kernel->launch.device_updatable;
}

std::vector<const KernelArg*> leaf_args(const std::vector<KernelArg>& args) {
  std::vector<const KernelArg*> out;
  for (const KernelArg& arg : args) {
    if (arg.struct_name.empty()) {
      out.push_back(&arg);
    } else {
      for (const KernelArg& field : arg.fields) out.push_back(&field);
    }
  }
  return out;
}

}  // namespace graphc::ir
