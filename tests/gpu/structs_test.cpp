// Structs by value as kernel arguments (data/structs.graph, data/struct_kernels.cu) on both
// paths: the runtime packs each struct by the C ABI (padding inside and at the end, a
// buffer offset in a pointer field) and checks its size with cudaFuncGetParamInfo; the
// generated code constructs the kernels' own structs by name. A param in a field is updated
// by Instance::set and set_factor(), a buffer in a pointer field given new memory by
// Instance::bind and rebind_x(). Every result is checked against a CPU reference.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "gpu_test_support.h"
#include "structs.graph.h"

namespace graphc::test {
namespace {

namespace gen = graphc::gen::structs;

constexpr std::size_t kN = 1000;

// What one launch computes from x (y is iota(-4), read from element 4 on: y[4 + i] = i).
struct Results {
  std::vector<float> out;
  std::vector<char> tags;
  std::vector<float> scaled;
  friend bool operator==(const Results&, const Results&) = default;
};

Results expected(const std::vector<float>& x, float factor) {
  Results r{std::vector<float>(kN), std::vector<char>(kN, 'G'), std::vector<float>(kN)};
  for (std::size_t i = 0; i < kN; ++i) {
    r.out[i] = 2.0f * x[i] + static_cast<float>(i);
    r.scaled[i] = x[i] * factor;
  }
  return r;
}

Results results(const void* out, const void* tags, const void* scaled) {
  return {read<float>(out, kN), read<char>(tags, kN), read<float>(scaled, kN)};
}

TEST_CASE("the runtime packs structs by the C ABI, and set and bind update their fields", "[runtime][gpu]") {
  Program program = Program::load(data_dir() + "/structs.graph");
  Instance instance = program.instantiate("structs");
  const auto current = [&] {
    return results(instance.buffer("out"), instance.buffer("tags"), instance.buffer("scaled"));
  };
  instance.launch();
  CHECK(current() == expected(ramp(kN, 1.0f), 3.0f));

  instance.set("factor", 5.0f);
  instance.launch();
  CHECK(current() == expected(ramp(kN, 1.0f), 5.0f));

  const graphc::Allocation<float> x2 = device_copy(ramp(kN, 100.0f));
  instance.bind("x", x2.get(), kN * sizeof(float));
  instance.launch();
  CHECK(current() == expected(ramp(kN, 100.0f), 5.0f));
}

TEST_CASE("generated code constructs the kernel structs, and set_factor and rebind_x update them", "[codegen][gpu]") {
  gen::Graph g;
  const gen::Bindings& b = g.bindings();
  const auto current = [&] { return results(b.out, b.tags, b.scaled); };
  g.launch(nullptr);
  CHECK(current() == expected(ramp(kN, 1.0f), 3.0f));

  g.set_factor(5.0f);
  g.launch(nullptr);
  CHECK(current() == expected(ramp(kN, 1.0f), 5.0f));

  const graphc::Allocation<float> x2 = device_copy(ramp(kN, 100.0f));
  g.rebind_x(x2.get(), kN);
  g.launch(nullptr);
  CHECK(current() == expected(ramp(kN, 100.0f), 5.0f));
}

}  // namespace
}  // namespace graphc::test
