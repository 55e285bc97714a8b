// A `for` loop on both paths: twelve layer calls and twelve kernel nodes made by one loop
// (data/repeat.graph), their offsets and a kernel argument computed from the index; the
// output against a CPU reference, with node bias[11] (named bias_11) looked up by name.
#include <catch2/catch.hpp>

#include <vector>

#include "gpu_test_support.h"
#include "repeat.graph.h"

namespace graphc::test {
namespace {

namespace gen = graphc::gen::repeat;

constexpr std::size_t kN = 1024;
constexpr int kLayers = 12;

// act[k] = 1 + k, then per layer i: x = x * alpha (scale_layer), x = x + i (bias[i]); the
// last layer's bias left out when `last_bias` is false. Element j of the output.
std::vector<float> reference(float alpha, bool last_bias) {
  std::vector<float> x(kN);
  for (std::size_t j = 0; j < kN; ++j) x[j] = 1.0f + static_cast<float>(j);
  for (int i = 0; i < kLayers; ++i) {
    for (float& v : x) {
      v = v * alpha;
      if (last_bias || i + 1 < kLayers) v = v + static_cast<float>(i);
    }
  }
  return x;
}

// The last layer's output: act[L * N : N].
std::vector<float> output(const Instance& instance) {
  const std::vector<float> act = read_buffer<float>(instance, "act");
  return {act.begin() + kLayers * kN, act.end()};
}

TEST_CASE("a loop's calls and kernel nodes run in order on the runtime path", "[runtime][gpu]") {
  Program program = Program::load(data_dir() + "/repeat.graph");
  Instance instance = program.instantiate("repeat");
  instance.launch();
  CHECK(output(instance) == reference(0.5f, true));

  // bias[11] is the node bias_11; the param reaches every call of the loop.
  instance.enable("bias_11", false);
  instance.set("alpha", 0.25f);
  instance.launch();
  CHECK(output(instance) == reference(0.25f, false));
}

TEST_CASE("generated code builds the loop's nodes, one member per index", "[codegen][gpu]") {
  gen::Graph g;
  CHECK(g.nodes().bias_0 != nullptr);
  CHECK(g.nodes().bias_11 != nullptr);
  g.launch(nullptr);
  const std::vector<float> act = read<float>(g.bindings().act, (kLayers + 1) * kN);
  CHECK(std::vector<float>(act.begin() + kLayers * kN, act.end()) == reference(0.5f, true));
}

}  // namespace
}  // namespace graphc::test
