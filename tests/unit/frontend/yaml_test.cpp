// The YAML front end: each construct of the YAML form to the IR the text form gives, and
// errors at the YAML line and column (E0006-E0011, and E0001 inside a scalar).
#include <catch2/catch.hpp>

#include "frontend_test_support.h"

using namespace graphc;
using graphc::test::expect_error;
using graphc::test::parse_ok;

TEST_CASE("a YAML graph has the declarations, nodes and edges of its text form", "[yaml]") {
  const auto p = parse_ok(R"yaml(modules: [k.cu]
imports: [lib/layers.graph]
graphs:
  g:
    parameters:
      - {name: x, type: f32, count: N, space: device}
      - {name: s, type: f32}
    attributes: [device_launch]
    consts: {N: 64, H: "N / 2"}
    params:
      p: {type: f64, default: 2.0}
    buffers:
      b: {type: i32, count: N, space: host, init: {list: [1, 2]}}
    events: [ready, {timed: [timing]}]
    conds:
      go: {default: 1}
    nodes:
      k: {kernel: "ns::f<float>", grid: "ceil_div(N, 32)", block: [32, 2], shared: 128, args: ["x + 4", s, "@g"],
          attributes: [cooperative, "cluster(2, 1)"]}
      c: {copy: {dst: "b[0:2]", src: b, bytes: 8}}
      m: {memset: {dst: b, value: 0}}
      h: {host: report}
      e: {empty: {}}
      r: {record: ready}
      a: {alloc: {type: f32, count: N}}
      f: {free: a}
      l: {call: layer, args: [x, 0.5f]}
      loop:
        while: go
        body:
          conds: {again: {}}
          nodes:
            step: {empty: {}}
    edges:
      - [k, [c, m], h]
      - {from: k, to: e, port: programmatic}
)yaml",
                          "dir/t.yaml");
  const ir::Module& module = p->module;
  REQUIRE(module.modules.size() == 1);
  CHECK(module.modules[0].resolved == "dir/k.cu");
  CHECK(module.imports[0].resolved == "dir/lib/layers.graph");
  const ir::Graph& g = p->graph();
  CHECK(g.name == "g");
  CHECK(g.device_launch.valid());
  REQUIRE(g.parameters.size() == 2);
  CHECK(g.buffer(g.parameters[0].buffer).name == "x");
  CHECK(g.param(g.parameters[1].param).name == "s");
  CHECK(test::sexpr(g.consts[1].value) == "(/ N 2:i32)");
  CHECK(p->span(g.consts[1].value.range) == "9:25-9:30");  // inside the quotes, in the YAML file
  CHECK(g.params[1].name == "p");
  CHECK(g.buffers[1].init.kind == ir::BufferInit::Kind::list);
  CHECK(g.events[0].name == "ready");
  CHECK_FALSE(g.events[0].timing);
  REQUIRE(g.events.size() == 2);
  CHECK(g.events[1].name == "timed");
  CHECK(g.events[1].timing);
  CHECK(g.conds[0].name == "go");
  CHECK(g.conds[1].name == "again");
  CHECK(g.conds[1].body.valid());

  const auto& k = std::get<ir::KernelNode>(p->node("k").op);
  CHECK(k.function == "ns::f<float>");
  CHECK(k.block.size() == 2);
  CHECK(k.shared_memory.has_value());
  REQUIRE(k.args.size() == 3);
  CHECK(test::sexpr(k.args[0].expr) == "(+ x 4:i32)");
  CHECK(k.args[2].graph == "g");
  REQUIRE(k.attributes.size() == 2);
  CHECK(k.attributes[0].name == "cooperative");
  CHECK(k.attributes[1].name == "cluster");
  CHECK(k.attributes[1].args.size() == 2);
  const auto& c = std::get<ir::CopyNode>(p->node("c").op);
  CHECK(c.dst.buffer == "b");
  CHECK(c.dst.offset.has_value());
  CHECK(std::holds_alternative<ir::HostNode>(p->node("h").op));
  CHECK(std::holds_alternative<ir::EmptyNode>(p->node("e").op));
  CHECK(std::get<ir::EventRecordNode>(p->node("r").op).event == "ready");
  const auto& alloc = std::get<ir::AllocNode>(p->node("a").op);
  CHECK(g.buffer(alloc.buffer).name == "a");
  CHECK(g.buffer(alloc.buffer).alloc == *g.find_node("a"));
  CHECK(std::get<ir::FreeNode>(p->node("f").op).alloc == "a");
  CHECK(std::get<ir::ChildGraphNode>(p->node("l").op).args.size() == 2);
  const auto& loop = std::get<ir::ConditionalNode>(p->node("loop").op);
  CHECK(loop.type == ir::ConditionalNode::Type::while_);
  REQUIRE(loop.bodies.size() == 1);
  CHECK(p->node("step").body == loop.bodies[0]);

  // [k, [c, m], h]: k -> c, k -> m, c -> h, m -> h; then the port edge.
  REQUIRE(g.edges.size() == 5);
  CHECK(g.edges[0].from == "k");
  CHECK(g.edges[0].to == "c");
  CHECK(g.edges[3].from == "m");
  CHECK(g.edges[3].to == "h");
  CHECK(g.edges[4].port == ir::EdgePort::programmatic);
}

TEST_CASE("a YAML host node passes its arguments as the text form's does", "[yaml]") {
  const auto p = parse_ok(R"yaml(graphs:
  g:
    nodes:
      plain: {host: tick}
      report: {host: summarize, args: ["y + 8", scale, 2.5]}
)yaml",
                          "t.yaml");
  CHECK(std::get<ir::HostNode>(p->node("plain").op).args.empty());
  const auto& h = std::get<ir::HostNode>(p->node("report").op);
  CHECK(h.function == "summarize");
  REQUIRE(h.args.size() == 3);
  CHECK(test::sexpr(h.args[0].expr) == "(+ y 8:i32)");
  CHECK(test::sexpr(h.args[1].expr) == "scale");
  CHECK(p->span(h.args_range) == "5:39-5:40");  // the list's "[", where YAML marks it
}

TEST_CASE("if, else and switch bodies in YAML", "[yaml]") {
  const auto p = parse_ok(R"yaml(graphs:
  g:
    conds: {c: {}, d: {}}
    nodes:
      pick:
        if: c
        then: {nodes: {a: {empty: {}}}}
        else: {}
      route:
        switch: d
        cases:
          - {nodes: {x: {empty: {}}}}
          - {}
          - {nodes: {y: {empty: {}}}}
)yaml",
                          "t.yaml");
  const auto& pick = std::get<ir::ConditionalNode>(p->node("pick").op);
  CHECK(pick.bodies.size() == 2);
  const auto& route = std::get<ir::ConditionalNode>(p->node("route").op);
  REQUIRE(route.bodies.size() == 3);
  REQUIRE(route.cases.size() == 3);
  CHECK(route.cases[2].literal.integer == 2);
  CHECK(p->node("y").body == route.bodies[2]);
}

TEST_CASE("YAML errors point at the YAML line and column", "[yaml]") {
  // At the innermost '{' left open, not at the end of the file where yaml-cpp gave up.
  expect_error("graphs:\n  g: {nodes: {a: {empty: {}}\n", DiagCode::yaml_syntax, "2:14",
               "unclosed flow map: '{' has no matching '}'", "t.yaml");
  expect_error("graphs:\n  g:\n    nodes: [a, [b]\n", DiagCode::yaml_syntax, "3:12",
               "unclosed flow list: '[' has no matching ']'", "t.yaml");
  expect_error("graphs:\n  g:\n    nodes:\n  \t  a: {empty: {}}\n", DiagCode::yaml_syntax, "4:3",
               "a tab indents this line, and YAML forbids tabs in indentation: indent with spaces", "t.yaml");
  expect_error("graphs:\n  g:\n    buffers:\n      x: {type: f32, count: 4, spcae: device}\n",
               DiagCode::yaml_unknown_key, "4:32",
               "unknown key 'spcae' in buffer 'x'; expected type, count, space, device, peers, init", "t.yaml");
  expect_error("graphs:\n  g:\n    nodes: [a]\n", DiagCode::yaml_wrong_shape, "3:12",
               "the nodes of graph 'g' must be a map, but it is a list", "t.yaml");
  expect_error("graphs:\n  g:\n    nodes:\n      k: {kernel: f, grid: 1}\n", DiagCode::yaml_missing_key, "4:10",
               "node 'k' has no 'block'", "t.yaml");
  expect_error("graphs:\n  g:\n    nodes:\n      k: {host: f, empty: {}}\n", DiagCode::yaml_node_kind, "4:7",
               "node 'k' must have exactly one of the keys kernel, copy, memset, host, empty, record, wait, alloc, "
               "free, call, capture, collective, if, while, switch; it has host, empty",
               "t.yaml");
  expect_error("graphs:\n  g:\n    consts: {N: \"1\\t+ 2\"}\n", DiagCode::yaml_scalar_form, "3:17",
               "const 'N' must be written on one line without escapes, so that its text is the file's", "t.yaml");
  expect_error("graphs:\n  g:\n    consts: {N: \"ceil_div(4, )\"}\n", DiagCode::syntax_error, "3:30",
               "expected an expression", "t.yaml");
  expect_error("graphs:\n  buffer: {}\n", DiagCode::syntax_error, "2:3",
               "'buffer' is a reserved word and cannot be used as a name", "t.yaml");
}

TEST_CASE("deeply nested YAML is an error and not a stack overflow", "[yaml]") {
  // yaml-cpp's depth guard stops a document nested thousands of levels deep; the front end
  // reports it as a YAML error.
  const std::string deep = "graphs: " + std::string(100000, '[') + std::string(100000, ']') + "\n";
  const auto p = graphc::test::parse_any(deep, "t.yaml");
  REQUIRE(p->diags.sorted().size() == 1);
  CHECK(p->diags.sorted()[0].code == DiagCode::yaml_syntax);
}

TEST_CASE("conditional bodies nest at most 64 deep in YAML as in text", "[yaml]") {
  // Levels of `nK: {if: c, then: {nodes: {...}}}` in block style, the innermost holding `e`.
  const auto nested = [](int levels) {
    std::string text = "graphs:\n  g:\n    conds: {c: {default: 1}}\n    nodes:\n";
    std::string indent = "      ";
    for (int level = 0; level < levels; ++level) {
      text += indent + "n" + std::to_string(level) + ":\n" + indent + "  if: c\n" + indent + "  then:\n" + indent +
              "    nodes:\n";
      indent += "      ";
    }
    return text + indent + "e: {empty: {}}\n";
  };
  CHECK_FALSE(graphc::test::parse_any(nested(64), "t.yaml")->diags.has_errors());
  const auto p = graphc::test::parse_any(nested(65), "t.yaml");
  REQUIRE(p->diags.sorted().size() == 1);
  CHECK(p->diags.sorted()[0].code == DiagCode::syntax_error);
  CHECK(p->diags.sorted()[0].message == "nested too deeply: at most 64 levels of conditional bodies and loops");
}
