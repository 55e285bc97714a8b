// The generated code's typed updates on the device: set_NAME() per param changes the
// nodes that pass it, set_enabled() switches a node off and on, enabled() reads it back;
// and the runtime's Instance::set and Instance::enable on the same graph give the same
// numbers. Every result is checked against a CPU reference.
#include <catch2/catch.hpp>

#include <vector>

#include "generated_graph.h"
#include "gpu_test_support.h"
#include "updates.graph.h"

namespace graphc::test {
namespace {

namespace gen = graphc::gen::updates;

// y = x * scale (+ add when `shifted` runs), x = 0, 1, 2, ...
std::vector<float> expected(float scale, float add, bool shifted) {
  std::vector<float> y(gen::y_count);
  for (std::size_t i = 0; i < y.size(); ++i) y[i] = static_cast<float>(i) * scale + (shifted ? add : 0.0f);
  return y;
}

// The generated graph, instantiated, with the Bindings it was built with; run() launches it
// and reads y.
struct Generated : GeneratedGraph<gen::Storage, gen::Bindings, gen::Nodes, gen::build, gen::instantiate_flags> {
  std::vector<float> run() {
    launch();
    return read<float>(b.y, gen::y_count);
  }
};

TEST_CASE("generated set_NAME sets one param in the bindings and in the exec", "[codegen][gpu]") {
  Generated g;
  CHECK(g.run() == expected(2.0f, 1.0f, true));
  gen::set_scale(g.exec, g.nodes, g.b, 3.0f);
  CHECK(g.b.scale == 3.0f);
  CHECK(g.run() == expected(3.0f, 1.0f, true));
  gen::set_add(g.exec, g.nodes, g.b, -5.0f);
  CHECK(g.run() == expected(3.0f, -5.0f, true));
}

TEST_CASE("generated set_enabled switches a node off and on and enabled reads it back", "[codegen][gpu]") {
  Generated g;
  CHECK(gen::enabled(g.exec, g.nodes, gen::Switchable::shifted));
  gen::set_enabled(g.exec, g.nodes, gen::Switchable::shifted, false);
  CHECK_FALSE(gen::enabled(g.exec, g.nodes, gen::Switchable::shifted));
  CHECK(gen::enabled(g.exec, g.nodes, gen::Switchable::scaled));
  CHECK(g.run() == expected(2.0f, 1.0f, false));
  gen::set_enabled(g.exec, g.nodes, gen::Switchable::shifted, true);
  CHECK(g.run() == expected(2.0f, 1.0f, true));
}

TEST_CASE("the runtime's set and enable give the generated updates' numbers", "[codegen][gpu]") {
  Generated g;
  Program program = Program::load(graph_path("updates"));
  Instance instance = program.instantiate("updates");
  gen::set_scale(g.exec, g.nodes, g.b, 0.5f);
  instance.set("scale", 0.5f);
  gen::set_enabled(g.exec, g.nodes, gen::Switchable::shifted, false);
  instance.enable("shifted", false);
  instance.launch();
  const std::vector<float> generated = g.run();
  CHECK(generated == expected(0.5f, 1.0f, false));
  CHECK(read_buffer<float>(instance, "y") == generated);
}

}  // namespace
}  // namespace graphc::test
