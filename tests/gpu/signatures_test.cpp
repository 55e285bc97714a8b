// Kernel signatures of real CUDA code (data/signature_kernels.cu) on both paths: char
// buffers and a char param, and `nullptr` for an optional pointer. Each path's numbers are
// checked against a CPU reference, and the generated code must compile against the kernels'
// own parameter types (a `char*` is neither an i8 nor a u8 buffer).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "gpu_test_support.h"
#include "signatures.graph.h"

namespace graphc::test {
namespace {

namespace gen = graphc::gen::signatures;

constexpr int kCount = 256;

// "abc...z" shifted by `shift`.
std::vector<char> shifted_letters(char shift) {
  std::vector<char> out(26);
  for (int i = 0; i < 26; ++i) out[static_cast<std::size_t>(i)] = static_cast<char>('a' + i + shift);
  return out;
}

// x = 1, 2, 3, ...: y = 2x, plus 0.5 with the bias.
std::vector<float> scaled(bool with_bias) {
  std::vector<float> out(kCount);
  for (int i = 0; i < kCount; ++i)
    out[static_cast<std::size_t>(i)] = 2.0f * static_cast<float>(i + 1) + (with_bias ? 0.5f : 0.0f);
  return out;
}

TEST_CASE("char buffers, a char param and a nullptr argument reach kernels on both paths", "[runtime][codegen][gpu]") {
  Program program = Program::load(data_dir() + "/signatures.graph");
  Instance instance = program.instantiate("signatures");
  instance.launch();
  CHECK(read_buffer<char>(instance, "shifted") == shifted_letters(-32));
  CHECK(read_buffer<float>(instance, "plain") == scaled(false));
  CHECK(read_buffer<float>(instance, "biased") == scaled(true));
  instance.set("shift", char{1});
  instance.launch();
  CHECK(read_buffer<char>(instance, "shifted") == shifted_letters(1));

  gen::Graph generated;
  const gen::Bindings& b = generated.bindings();
  generated.launch(nullptr);
  CHECK(read<char>(b.shifted, 26) == shifted_letters(-32));
  CHECK(read<float>(b.plain, kCount) == scaled(false));
  CHECK(read<float>(b.biased, kCount) == scaled(true));
  generated.set_shift(char{1});
  generated.launch(nullptr);
  CHECK(read<char>(b.shifted, 26) == shifted_letters(1));
}

}  // namespace
}  // namespace graphc::test
