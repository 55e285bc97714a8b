// Child graph nodes in the validator: the graph a call names, its arguments against the
// graph's parameters, cycles of calls, what a called graph may declare and hold, the body
// and device-launch rules through calls, and memory-node ordering of call arguments.
#include <catch2/catch.hpp>

#include <fmt/format.h>

#include "diag/render.h"
#include "sema_test_support.h"

using namespace graphc;
using graphc::test::analyze_text;
using graphc::test::check_diag;
using graphc::test::single_diag;

namespace {

// A graph with a buffer and a scalar parameter, for the calls of each test.
constexpr std::string_view kLayer = R"(graph layer(x : f32[N] device, s : f32) {
  const N = 64;
  alloc tmp : f32[N];
  kernel k : scale_into<<<1, 64>>>(tmp, x, s);
  free done : tmp;
  tmp -> k -> done;
}
)";

std::unique_ptr<test::Analyzed> with_layer(std::string_view caller) {
  return analyze_text(std::string(caller) + std::string(kLayer));
}

}  // namespace

TEST_CASE("a call binds the graph's parameters: a buffer at an offset, a param passed on, a value converted",
          "[sema]") {
  const auto a = with_layer(R"(graph g {
  buffer big : f32[128] device;
  param gain : f32 = 2.0;
  call first : layer(big + 64, gain);
  call second : layer(big, 3);
}
)");
  INFO(render_all(a->sources, a->sorted()));
  REQUIRE(a->sorted().empty());
  const auto& first = std::get<ir::ChildGraphNode>(a->node("first").op);
  CHECK(first.graph_id == *a->module.find_graph("layer"));
  REQUIRE(first.args.size() == 2);
  CHECK(first.args[0].kind == ir::KernelArg::Kind::buffer);
  CHECK(first.args[0].offset == 64);
  CHECK(first.args[1].kind == ir::KernelArg::Kind::param);
  const auto& second = std::get<ir::ChildGraphNode>(a->node("second").op);
  REQUIRE(second.args[1].kind == ir::KernelArg::Kind::value);
  CHECK(second.args[1].value.type == ir::ScalarType::f32);  // the int 3, converted to the parameter's type
  CHECK(second.args[1].value.as_double() == 3.0);
}

TEST_CASE("a graph's parameters are its own buffer and param when it is not called", "[sema]") {
  const auto a = analyze_text(std::string(kLayer));
  REQUIRE(a->sorted().empty());
  CHECK(a->graph().buffer(a->graph().parameters[0].buffer).count_value == 64);
}

TEST_CASE("arguments are checked against the parameters: count, kind, type, size and space", "[sema]") {
  single_diag(*with_layer("graph g { buffer b : f32[64] device; call c : layer(b); }\n"), DiagCode::call_arg_count,
              "1:52", "call 'c' passes 1 argument, but graph 'layer' takes 2 parameters");
  single_diag(*with_layer("graph g { buffer b : f32[64] device; call c : layer(1.0f, 1.0f); }\n"),
              DiagCode::call_arg_kind, "1:53",
              "argument 1 of call 'c' passes the value 1, but parameter 'x' of graph 'layer' is a buffer (f32[64], "
              "device memory)");
  single_diag(*with_layer("graph g { buffer b : i32[64] device; call c : layer(b, 1.0f); }\n"), DiagCode::call_arg_type,
              "1:53",
              "argument 1 of call 'c' passes buffer 'b' of type i32, but parameter 'x' of graph 'layer' is f32");
  single_diag(*with_layer("graph g { buffer b : f32[64] managed; call c : layer(b, 1.0f); }\n"),
              DiagCode::call_arg_space, "1:54",
              "argument 1 of call 'c' passes 'b', which is managed memory, but parameter 'x' of graph 'layer' is "
              "device memory");
  single_diag(*with_layer("graph g { buffer b : f32[100] device; call c : layer(b + 40, 1.0f); }\n"),
              DiagCode::call_arg_size, "1:54",
              "argument 1 of call 'c' passes 60 elements of 'b', but parameter 'x' of graph 'layer' needs 64");
  single_diag(*with_layer("graph g { buffer b : f32[64] device; param p : i32; call c : layer(b, p); }\n"),
              DiagCode::call_arg_type, "1:71",
              "argument 2 of call 'c' passes param 'p' of type i32, but parameter 's' of graph 'layer' is f32");
  single_diag(*with_layer("graph g { buffer b : f32[64] device; call c : layer(b, 1e300); }\n"),
              DiagCode::value_out_of_range, "1:56", "value 1e+300 does not fit in type f32");
  // More elements than the parameter needs are fine: the graph uses the first 64.
  CHECK(with_layer("graph g { buffer b : f32[100] device; call c : layer(b + 36, 1.0f); }\n")->sorted().empty());
}

TEST_CASE("a call names a graph of the module", "[sema]") {
  const auto a = with_layer("graph g { buffer b : f32[64] device; call c : layr(b, 1.0f); }\n");
  const Diagnostic d = single_diag(*a, DiagCode::unknown_graph, "1:47", "unknown graph 'layr'");
  CHECK(a->notes(d) == "2:7: did you mean 'layer'?\n");
}

TEST_CASE("calls cannot form a cycle", "[sema]") {
  const auto a = analyze_text("graph a { call x : b; }\ngraph b { call y : c; }\ngraph c { call z : a; }\n");
  single_diag(*a, DiagCode::call_cycle, "3:16",
              "call 'z' closes a cycle of calls: a -> b -> c -> a; a child graph node embeds the graph it calls, so a "
              "graph cannot contain itself");
  single_diag(*analyze_text("graph a { call self : a; }\n"), DiagCode::call_cycle, "1:16",
              "call 'self' closes a cycle of calls: a -> a; a child graph node embeds the graph it calls, so a graph "
              "cannot contain itself");
}

TEST_CASE("a chain of calls as long as a file has graphs is refused at depth 64, with no walk as deep", "[sema]") {
  // g0 calls g1 calls ... g99999: the walks through calls that come before the depth limit
  // (name lookup, cycles) keep stacks of their own, so this is E0021, not a stack overflow.
  constexpr int kGraphs = 100000;
  std::string text;
  for (int i = 0; i + 1 < kGraphs; ++i) text += fmt::format("graph g{} {{ call c : g{}; }}\n", i, i + 1);
  text += fmt::format("graph g{} {{ empty e; }}\n", kGraphs - 1);
  single_diag(*analyze_text(text), DiagCode::calls_too_deep, fmt::format("{}:21", kGraphs - 65),
              fmt::format("calls nest more than 64 deep: call 'c' of graph 'g{}' calls 'g{}', whose calls nest 64 deep",
                          kGraphs - 66, kGraphs - 65));
}

TEST_CASE("a called graph holds no conditional node, declares no buffer, param or event, passes no exec", "[sema]") {
  single_diag(*analyze_text("graph g { call c : w; }\ngraph w { cond go = 1; if x (go) { empty e; } }\n"),
              DiagCode::child_conditional, "2:27",
              "graph 'w' is called as a child graph, but holds if node 'x'; CUDA does not allow conditional nodes in "
              "a child graph (cudaChildGraphNodeParams)");
  const auto a =
      analyze_text("graph g { call c : w; }\ngraph w { buffer b : f32[4] device; param p : f32; event e; empty n; }\n");
  const std::vector<Diagnostic> all = a->sorted();
  REQUIRE(all.size() == 3);
  check_diag(*a, all[0], DiagCode::child_declaration, "2:18",
             "graph 'w' is called as a child graph, but declares buffer 'b'; a called graph takes its memory, values "
             "and communicators as parameters (`c : comm`), and allocates scratch memory with alloc nodes");
  CHECK(a->notes(all[0]) == "1:16: 'c' calls 'w' here\n");
  CHECK(all[1].code == DiagCode::child_declaration);
  CHECK(all[2].code == DiagCode::child_declaration);
  single_diag(*analyze_text("graph g { call c : w; }\ngraph w { kernel k : f<<<1, 1>>>(@d); }\n"
                            "graph d [device_launch] { kernel k : f<<<1, 1>>>(); }\n"),
              DiagCode::child_graph_exec, "2:34",
              "graph 'w' is called as a child graph, but kernel node 'k' passes '@d'; a graph's exec is passed only "
              "by the graph that is instantiated");
}

TEST_CASE("a call that runs collectives over a communicator is ordered as one of them, at any depth", "[sema]") {
  // outer passes its `d` on to inner, whose collective runs over it: call o runs one over tp.
  const std::string graphs =
      "graph inner(x : f32[4] device, c : comm) { collective s : nccl.all_reduce<sum>(c, x, x); }\n"
      "graph outer(x : f32[4] device, d : comm) { call i : inner(x, d); }\n"
      "graph idle(x : f32[4] device, c : comm) { kernel k : f<<<1, 4>>>(x); }\n";
  const std::string top = "graph top { comm tp; buffer a : f32[4] device; call o : outer(a, tp); "
                          "collective t : nccl.all_reduce<sum>(tp, a, a); ";
  const auto unordered = analyze_text(graphs + top + "}\n");
  single_diag(
      *unordered, DiagCode::unordered_collectives, "4:82",
      "'t' and 'o' both run collectives over communicator 'tp' but are not ordered by edges; ranks may issue them in "
      "different orders, and NCCL, which runs a communicator's collectives in the order each rank issues "
      "them, then deadlocks");
  CHECK(unordered->notes(unordered->sorted()[0]) ==
        "4:66: call 'o' runs the collectives of graph 'outer' over it, as its parameter 'd'\n"
        "4:82: an edge such as `o -> t;` orders them, on every rank alike\n");
  CHECK(analyze_text(graphs + top + "o -> t; }\n")->sorted().empty());
  // A call whose graph runs no collective over what it is passed is no collective.
  CHECK(analyze_text(graphs + "graph top { comm tp; buffer a : f32[4] device; call o : idle(a, tp); "
                              "collective t : nccl.all_reduce<sum>(tp, a, a); o -> t; }\n")
            ->sorted()
            .empty());
  CHECK(analyze_text(graphs + "graph top { comm tp; buffer a : f32[4] device; buffer b : f32[4] device; "
                              "call o : idle(a, tp); collective t : nccl.all_reduce<sum>(tp, b, b); }\n")
            ->sorted()
            .empty());
}

TEST_CASE("a call may sit in a conditional body or a device graph when what it embeds may", "[sema]") {
  const std::string kernels_only = "graph w(x : f32[8] device) { kernel k : f<<<1, 8>>>(x); call deeper : v(x); }\n"
                                   "graph v(x : f32[8] device) { memset m : x = 0; }\n";
  CHECK(analyze_text("graph g { buffer b : f32[8] device; cond go = 1; if i (go) { call c : w(b); } }\n" + kernels_only)
            ->sorted()
            .empty());
  CHECK(analyze_text("graph g [device_launch] { buffer b : f32[8] device; call c : w(b); }\n" + kernels_only)
            ->sorted()
            .empty());
  // Through two calls, an empty node reaches a device graph.
  const auto a = analyze_text("graph g [device_launch] { buffer b : f32[8] device; call c : w(b); }\n"
                              "graph w(x : f32[8] device) { call deeper : v(x); }\n"
                              "graph v(x : f32[8] device) { empty e; }\n");
  const Diagnostic d = single_diag(*a, DiagCode::device_graph_node_kind, "3:36",
                                   "empty node 'e' cannot be in graph 'g', which is instantiated for device launch: a "
                                   "device graph may hold only kernel, memcpy, memset and child graph nodes");
  CHECK(a->notes(d) == "1:58: 'c' embeds graph 'w' here\n");
  // Through a call, the memory nodes of the called graph would be in the body.
  const auto w =
      with_layer("graph g { buffer b : f32[64] device; cond go = 1; while l (go) { call c : layer(b, 1.0f); } }\n");
  const std::vector<Diagnostic> all = w->sorted();
  REQUIRE(all.size() == 3);
  CHECK(all[0].code == DiagCode::while_never_ends);
  check_diag(*w, all[1], DiagCode::body_node_kind, "4:9",
             "alloc node 'tmp' cannot be in the body of while 'l', through call 'c': a conditional body may hold only "
             "kernel, empty, memcpy, memset, child graph and conditional nodes");
  check_diag(*w, all[2], DiagCode::body_node_kind, "6:8",
             "free node 'done' cannot be in the body of while 'l', through call 'c': a conditional body may hold only "
             "kernel, empty, memcpy, memset, child graph and conditional nodes");
}

TEST_CASE("a call that passes an alloc's memory is ordered between the alloc and its free", "[sema]") {
  const auto a = with_layer(R"(graph g {
  alloc m : f32[64];
  call c : layer(m, 1.0f);
  free f : m;
  m -> f;
}
)");
  single_diag(*a, DiagCode::use_before_alloc, "3:18",
              "call node 'c' uses 'm' but is not ordered after alloc 'm'; a graph allocation may be accessed only by "
              "nodes ordered after its mem alloc node along the graph's edges");
  CHECK(with_layer("graph g { alloc m : f32[64]; call c : layer(m, 1.0f); free f : m; m -> c -> f; }\n")
            ->sorted()
            .empty());
}
