// The generated code's typed updates on the device: set_NAME() per param changes the
// nodes that pass it, set_enabled() switches a node off and on, enabled() reads it back;
// and the runtime's Instance::set and Instance::enable on the same graph give the same
// numbers. Every result is checked against a CPU reference.
#include <catch2/catch.hpp>

#include <vector>

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

// Launches the generated graph on the default stream and reads y.
std::vector<float> run(const gen::Graph& g) {
  g.launch(nullptr);
  return read<float>(g.bindings().y, gen::y_count);
}

TEST_CASE("generated set_NAME sets one param in the bindings and in the exec", "[codegen][gpu]") {
  gen::Graph g;
  CHECK(run(g) == expected(2.0f, 1.0f, true));
  g.set_scale(3.0f);
  CHECK(g.bindings().scale == 3.0f);
  CHECK(run(g) == expected(3.0f, 1.0f, true));
  g.set_add(-5.0f);
  CHECK(run(g) == expected(3.0f, -5.0f, true));
}

TEST_CASE("generated set_enabled switches a node off and on and enabled reads it back", "[codegen][gpu]") {
  gen::Graph g;
  CHECK(g.enabled(gen::Switchable::shifted));
  g.set_enabled(gen::Switchable::shifted, false);
  CHECK_FALSE(g.enabled(gen::Switchable::shifted));
  CHECK(g.enabled(gen::Switchable::scaled));
  CHECK(run(g) == expected(2.0f, 1.0f, false));
  g.set_enabled(gen::Switchable::shifted, true);
  CHECK(run(g) == expected(2.0f, 1.0f, true));
}

TEST_CASE("the runtime's set and enable give the generated updates' numbers", "[codegen][gpu]") {
  gen::Graph g;
  Program program = Program::load(graph_path("updates"));
  Instance instance = program.instantiate("updates");
  g.set_scale(0.5f);
  instance.set("scale", 0.5f);
  g.set_enabled(gen::Switchable::shifted, false);
  instance.enable("shifted", false);
  instance.launch();
  const std::vector<float> generated = run(g);
  CHECK(generated == expected(0.5f, 1.0f, false));
  CHECK(read_buffer<float>(instance, "y") == generated);
}

}  // namespace
}  // namespace graphc::test
