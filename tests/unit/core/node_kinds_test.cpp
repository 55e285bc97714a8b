// graphc/base/node_kinds.def, the one table of node kinds, as the compiler reads it: a node's
// row is its op's alternative, and what the passes used to compute per kind with a
// std::visit (the keyword, CUDA's word for it, where it may be, its arguments) is the row's.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "compile.h"
#include "ir/node_kind.h"

using namespace graphc;

namespace {

// Every kind once, in the table's order (a capture of a registered function, so no library).
const std::string kAllKinds = R"(
graph child(x : f32[4] device) {
    empty e;
}

graph g {
    buffer d : f32[4] device;
    buffer e : f32[4] device;
    cond c;
    event ev;
    kernel k : fill<<<1, 4>>>(d);
    copy cp : e <- d;
    memset ms : d = 0;
    host h : note(d);
    empty em;
    if i (c) { empty inside; }
    record r : ev;
    wait w : ev;
    alloc a : f32[4];
    free f : a;
    call ch : child(d);
    capture cap : step(d);
    k -> cp -> ms -> h -> em -> i -> r -> w -> a -> f -> ch -> cap;
}
)";

}  // namespace

TEST_CASE("each node's row is its op's alternative, in the table's order", "[ir][node_kinds]") {
  const auto c = compile_text("t.graph", kAllKinds);
  REQUIRE(c->ok());
  const ir::Graph& g = c->module.graph(*c->module.find_graph("g"));
  std::vector<std::string> ids, keywords;
  for (const ir::Node& node : g.nodes) {
    if (node.body.valid()) continue;
    ids.emplace_back(ir::kind_info(node).id);
    keywords.emplace_back(ir::kind_name(node));
    CHECK(ir::kind_info(node).kind == static_cast<NodeKind>(node.op.index()));
  }
  CHECK(ids == std::vector<std::string>{"kernel", "copy", "memset", "host", "empty", "conditional", "event_record",
                                        "event_wait", "alloc", "free", "child_graph", "capture"});
  CHECK(keywords == std::vector<std::string>{"kernel", "copy", "memset", "host", "empty", "if", "record", "wait",
                                             "alloc", "free", "call", "capture"});
}

TEST_CASE("a conditional node's keyword is its type's", "[ir][node_kinds]") {
  const auto c = compile_text("t.graph", R"(
graph g {
    cond c = 0;
    cond d = 0;
    while w (c) { empty a; }
    switch s (d) { case 0 { empty b; } }
}
)");
  REQUIRE(c->ok());
  const ir::Graph& g = c->module.graph(*c->module.find_graph("g"));
  CHECK(ir::kind_name(g.node(*g.find_node("w"))) == "while");
  CHECK(ir::kind_name(g.node(*g.find_node("s"))) == "switch");
  CHECK(info(NodeKind::conditional).keyword == "if");
}

TEST_CASE("the node keys of YAML and the statements of text: every row's keyword, the conditional's last",
          "[ir][node_kinds]") {
  const auto keys = node_keywords();
  CHECK(std::vector<std::string>(keys.begin(), keys.end()) ==
        std::vector<std::string>{"kernel", "copy", "memset", "host", "empty", "record", "wait", "alloc", "free", "call",
                                 "capture", "collective", "if", "while", "switch"});
}

TEST_CASE("the kinds that pass arguments: kernel, host, call and capture nodes", "[ir][node_kinds]") {
  const auto c = compile_text("t.graph", kAllKinds);
  REQUIRE(c->ok());
  const ir::Graph& g = c->module.graph(*c->module.find_graph("g"));
  std::vector<std::string> with_args;
  for (const ir::Node& node : g.nodes) {
    if (const std::vector<ir::KernelArg>* args = ir::args_of(node)) {
      CHECK(args->size() == 1);
      with_args.push_back(node.name);
    }
  }
  CHECK(with_args == std::vector<std::string>{"k", "h", "ch", "cap"});
}

TEST_CASE("CUDA's facts of each kind: node type, words, places", "[ir][node_kinds]") {
  CHECK(info(NodeKind::copy).cuda_type == "cudaGraphNodeTypeMemcpy");
  CHECK(info(NodeKind::capture).cuda_type == "cudaGraphNodeTypeGraph");
  CHECK(info(NodeKind::capture).cuda_words == "child graph (capture)");
  std::vector<std::string> in_body, in_device_graph, switchable;
  for (const NodeKindInfo& row : kNodeKinds) {
    if (row.in_body) in_body.emplace_back(row.id);
    if (row.in_device_graph) in_device_graph.emplace_back(row.id);
    if (row.switchable) switchable.emplace_back(row.id);
  }
  CHECK(in_body ==
        std::vector<std::string>{"kernel", "copy", "memset", "empty", "conditional", "child_graph", "capture"});
  CHECK(in_device_graph == std::vector<std::string>{"kernel", "copy", "memset", "child_graph", "capture"});
  CHECK(switchable == std::vector<std::string>{"kernel", "copy", "memset"});
  CHECK(info(NodeKind::conditional).update == UpdatePath::reinstantiate);
  CHECK(info(NodeKind::child_graph).update == UpdatePath::child);
  CHECK(info(NodeKind::capture).update == UpdatePath::recapture);
}

TEST_CASE("a kind by its keyword, and the kinds whose statement names a function", "[ir][node_kinds]") {
  REQUIRE(find_node_kind("call") != nullptr);
  CHECK(find_node_kind("call")->kind == NodeKind::child_graph);
  CHECK(find_node_kind("switch")->kind == NodeKind::conditional);
  CHECK(find_node_kind("else") == nullptr);
  std::vector<std::string> naming;
  for (const NodeKindInfo& row : kNodeKinds) {
    if (row.names_function) naming.emplace_back(row.keyword);
  }
  CHECK(naming == std::vector<std::string>{"kernel", "host", "capture", "collective"});
}
