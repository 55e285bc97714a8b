#include "sema/bodies.h"

#include <fmt/format.h>

namespace graphc::sema {

std::string body_location(const ir::Graph& graph, ir::BodyId id) {
  if (!id.valid()) return fmt::format("in graph '{}'", graph.name);
  const ir::Body& body = graph.body(id);
  const ir::Node& node = graph.node(body.conditional);
  switch (std::get<ir::ConditionalNode>(node.op).type) {
    case ir::ConditionalNode::Type::if_:
      return fmt::format("in the {}body of if '{}'", body.index == 1 ? "else " : "", node.name);
    case ir::ConditionalNode::Type::while_: return fmt::format("in the body of while '{}'", node.name);
    case ir::ConditionalNode::Type::switch_: return fmt::format("in case {} of switch '{}'", body.index, node.name);
  }
  return {};
}

}  // namespace graphc::sema
