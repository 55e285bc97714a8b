// ir::topology_difference: what Instance::reload compares before it updates an executable
// graph in place. Values may change; nodes, kinds, bodies, dependencies and called graphs
// may not.
#include <catch2/catch.hpp>

#include <string>

#include "compile.h"
#include "ir/topology.h"

using namespace graphc;

namespace {

std::unique_ptr<Compilation> compile(const std::string& text) {
  auto c = compile_text("t.graph", text);
  INFO(text);
  REQUIRE(c->ok());
  return c;
}

// The difference between graph `g` of `before` and of `after`.
std::string difference(const std::string& before, const std::string& after) {
  const auto a = compile(before);
  const auto b = compile(after);
  return ir::topology_difference(a->module, *a->module.find_graph("g"), b->module, *b->module.find_graph("g"));
}

const std::string kBase = R"(
graph g {
    buffer x : f32[64] device;
    param s : f32 = 2.0f;
    memset zero : x = 0.0f;
    kernel k : scale<<<1, 64>>>(x, s);
    empty done;
    zero -> k -> done;
}
)";

std::string with(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("topology: new values and launch shapes keep the topology", "[ir]") {
  CHECK(difference(kBase, kBase).empty());
  CHECK(difference(kBase, with(kBase, "= 2.0f", "= 5.0f")).empty());
  CHECK(difference(kBase, with(kBase, "<<<1, 64>>>", "<<<2, 32>>>")).empty());
  CHECK(difference(kBase, with(kBase, "x = 0.0f", "x = 1.0f")).empty());
  CHECK(difference(kBase, with(kBase, "scale<<<", "shift<<<")).empty());
}

TEST_CASE("topology: nodes added removed renamed or of another kind differ", "[ir]") {
  CHECK(difference(kBase, with(kBase, "empty done;", "empty done;\n    empty more;")) == "node 'more' is new");
  CHECK(difference(with(kBase, "empty done;", "empty done;\n    empty more;"), kBase) == "node 'more' was removed");
  CHECK(difference(kBase, with(with(kBase, "empty done;", "empty end;"), "-> done", "-> end")) ==
        "node 'done' is now 'end'");
  CHECK(difference(kBase, with(kBase, "empty done;", "host done : notify();")) ==
        "node 'done' changed kind: empty -> host");
}

TEST_CASE("topology: changed dependencies and edge ports differ", "[ir]") {
  CHECK(difference(kBase, with(kBase, "zero -> k -> done;", "zero -> k; zero -> done;")) ==
        "the dependencies of node 'done' changed");
  CHECK(difference(kBase, with(kBase, "zero -> k -> done;", "zero -> k -> done; zero -> done;")).empty());
}

TEST_CASE("topology: conditional bodies and called graphs are compared too", "[ir]") {
  const std::string conditional = R"(
graph g {
    cond c = 1;
    while loop (c) { empty a; empty b; a -> b; }
}
)";
  CHECK(difference(conditional, conditional).empty());
  CHECK(difference(conditional, with(conditional, "a -> b;", "")) == "the dependencies of node 'b' changed");
  CHECK(difference(conditional, with(conditional, "while loop", "if loop")) ==
        "conditional node 'loop' changed its type or bodies");

  const std::string call = R"(
graph inner(v : f32[8] device) { memset m : v = 0.0f; empty e; m -> e; }
graph g { buffer x : f32[8] device; call c : inner(x); }
)";
  CHECK(difference(call, call).empty());
  CHECK(difference(call, with(call, "m -> e;", "")) ==
        "in the graph that call node 'c' calls: the dependencies of node 'e' changed");
}
