// cuBLASLt matmul capture nodes (data/matmul.graph), one per epilogue (none, bias, ReLU,
// bias + ReLU, GELU, bias + GELU) on f16, bf16 and f32 data, on both paths: each result
// against a CPU reference in double from the same rounded inputs (GELU as cuBLASLt computes
// it, the tanh approximation). Each captured graph holds kernel nodes only (the plan's
// workspace is graphc's, so no memory node); Instance::set of alpha captures the matmul
// again in place, and Instance::bind of B points the plan at the new memory.
#include <catch2/catch.hpp>
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <type_traits>
#include <vector>

#include "gemm_reference.h"
#include "gpu_test_support.h"
#include "matmul.graph.h"

namespace graphc::test {
namespace {

namespace gen = graphc::gen::matmul;

constexpr int kM = 48;
constexpr int kN = 8;
constexpr int kK = 64;

enum class Epilogue { none, bias, relu, gelu };

// The elements `values` hold as T (f16, bf16 or f32 on the device), and back as floats.
template <class T>
std::vector<T> narrow(const std::vector<float>& values) {
  std::vector<T> out;
  for (const float v : values) {
    if constexpr (std::is_same_v<T, __half>) {
      out.push_back(__float2half_rn(v));
    } else if constexpr (std::is_same_v<T, __nv_bfloat16>) {
      out.push_back(__float2bfloat16_rn(v));
    } else {
      out.push_back(v);
    }
  }
  return out;
}
template <class T>
std::vector<float> widen(const std::vector<T>& values) {
  std::vector<float> out;
  for (const T& v : values) {
    if constexpr (std::is_same_v<T, __half>) {
      out.push_back(__half2float(v));
    } else if constexpr (std::is_same_v<T, __nv_bfloat16>) {
      out.push_back(__bfloat162float(v));
    } else {
      out.push_back(v);
    }
  }
  return out;
}

double gelu(double v) { return 0.5 * v * (1.0 + std::tanh(0.7978845608028654 * (v + 0.044715 * v * v * v))); }

// epilogue(alpha op(A) B + beta C + bias), column-major, from the values as the device holds them.
std::vector<double> reference(bool transpose_a, double alpha, const std::vector<float>& a, const std::vector<float>& b,
                              double beta, const std::vector<float>& c, const std::vector<float>* bias,
                              Epilogue epilogue) {
  GemmCase g;
  g.transpose_a = transpose_a;
  g.m = kM;
  g.n = kN;
  g.k = kK;
  g.lda = transpose_a ? kK : kM;
  g.ldb = kK;
  g.ldc = kM;
  std::vector<double> out = gemm_reference(g, alpha, a, b, beta, c);
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (bias != nullptr) out[i] += (*bias)[i % kM];
    if (epilogue == Epilogue::relu) out[i] = std::max(out[i], 0.0);
    if (epilogue == Epilogue::gelu) out[i] = gelu(out[i]);
  }
  return out;
}

// The inputs, as the device holds them (rounded to each buffer's type).
struct Inputs {
  std::vector<float> w16 = widen(narrow<__half>(random_values(kK * kM, 1)));
  std::vector<float> x16 = widen(narrow<__half>(random_values(kK * kN, 2)));
  std::vector<float> b16 = widen(narrow<__half>(random_values(kM, 3)));
  std::vector<float> wb = widen(narrow<__nv_bfloat16>(random_values(kM * kK, 4)));
  std::vector<float> xb = widen(narrow<__nv_bfloat16>(random_values(kK * kN, 5)));
  std::vector<float> bb = widen(narrow<__nv_bfloat16>(random_values(kM, 6)));
  std::vector<float> w = random_values(kM * kK, 7);
  std::vector<float> x = random_values(kK * kN, 8);
  std::vector<float> b = random_values(kM, 9);
  std::vector<float> gelu_in = random_values(kM * kN, 10);  // gelu's C, which it reads (beta 1)
};

// The results of one launch, as floats.
struct Outputs {
  std::vector<float> h16, hb, plain, bias, relu, gelu;
};

// Every result against its reference: the largest relative error of each within the
// rounding of its type (f16: 2^-11, bf16: 2^-8, over sums of 64 products of values below 1).
void check(const Inputs& in, const Outputs& out, double alpha) {
  const std::vector<float> zero(kM * kN, 0.0f);
  CHECK(max_relative_error(out.h16, reference(true, 1.0, in.w16, in.x16, 0.0, zero, &in.b16, Epilogue::gelu)) < 4e-3);
  CHECK(max_relative_error(out.hb, reference(false, 1.0, in.wb, in.xb, 0.0, zero, &in.bb, Epilogue::relu)) < 2e-2);
  CHECK(max_relative_error(out.plain, reference(false, alpha, in.w, in.x, 0.0, zero, nullptr, Epilogue::none)) < 1e-5);
  CHECK(max_relative_error(out.bias, reference(false, 1.0, in.w, in.x, 0.0, zero, &in.b, Epilogue::none)) < 1e-5);
  CHECK(max_relative_error(out.relu, reference(false, 2.0, in.w, in.x, 0.0, zero, nullptr, Epilogue::relu)) < 1e-5);
  CHECK(max_relative_error(out.gelu, reference(false, 1.0, in.w, in.x, 1.0, in.gelu_in, nullptr, Epilogue::gelu)) <
        1e-5);
  // ReLU left zeros where the product was negative, and GELU small negatives: the epilogues ran.
  CHECK(std::count(out.relu.begin(), out.relu.end(), 0.0f) > kM * kN / 4);
  CHECK(*std::min_element(out.gelu.begin(), out.gelu.end()) < 0.0f);
}

// `values` as T into device memory at `memory`.
template <class T>
void put(void* memory, const std::vector<float>& values) {
  const std::vector<T> narrowed = narrow<T>(values);
  check_cuda(cudaMemcpy(memory, narrowed.data(), narrowed.size() * sizeof(T), cudaMemcpyHostToDevice), "cudaMemcpy");
}

// Every input into its buffer, found by name.
void put_inputs(const Inputs& in, const std::function<void*(const char*)>& buffer) {
  put<__half>(buffer("w16"), in.w16);
  put<__half>(buffer("x16"), in.x16);
  put<__half>(buffer("b16"), in.b16);
  put<__nv_bfloat16>(buffer("wb"), in.wb);
  put<__nv_bfloat16>(buffer("xb"), in.xb);
  put<__nv_bfloat16>(buffer("bb"), in.bb);
  put<float>(buffer("w"), in.w);
  put<float>(buffer("x"), in.x);
  put<float>(buffer("b"), in.b);
  put<float>(buffer("gelu_out"), in.gelu_in);
}

Outputs get_outputs(const std::function<void*(const char*)>& buffer) {
  constexpr std::size_t c = kM * kN;
  return Outputs{widen(read<__half>(buffer("h16"), c)), widen(read<__nv_bfloat16>(buffer("hb"), c)),
                 read<float>(buffer("plain_out"), c),   read<float>(buffer("bias_out"), c),
                 read<float>(buffer("relu_out"), c),    read<float>(buffer("gelu_out"), c)};
}

TEST_CASE("cuBLASLt matmuls with each epilogue compute as the CPU does", "[runtime][gpu][capture]") {
  Program program = Program::load(graph_path("matmul"));
  Instance instance = program.instantiate("matmul");
  const auto buffer = [&](const char* name) { return instance.buffer(name); };
  const Inputs in;
  put_inputs(in, buffer);
  instance.launch();
  check(in, get_outputs(buffer), 0.5);
  for (const char* node : {"bias_gelu", "bias_relu", "plain", "bias", "relu", "gelu"}) {
    INFO(node);
    const std::vector<cudaGraphNodeType> types = captured_types(instance, node);
    CHECK_FALSE(types.empty());
    CHECK(std::all_of(types.begin(), types.end(), [](cudaGraphNodeType t) { return t == cudaGraphNodeTypeKernel; }));
  }

  SECTION("Instance::set of alpha captures the matmul again, in place") {
    const cudaGraphExec_t exec = instance.exec();
    put_inputs(in, buffer);
    instance.set("alpha", -1.5f);
    instance.launch();
    CHECK(instance.exec() == exec);
    check(in, get_outputs(buffer), -1.5);
  }

  SECTION("Instance::bind of B points the plan at the new memory, in place") {
    const cudaGraphExec_t exec = instance.exec();
    Inputs moved = in;
    moved.x = random_values(kK * kN, 11);
    Allocation<float> memory = device_copy(moved.x);
    put_inputs(in, buffer);
    instance.bind("x", memory.get(), moved.x.size() * sizeof(float));
    instance.launch();
    CHECK(instance.exec() == exec);
    check(moved, get_outputs(buffer), 0.5);
  }
}

TEST_CASE("cuBLASLt matmuls whose algorithms are timed at instantiate compute as the CPU does",
          "[runtime][gpu][capture]") {
  Program program = Program::load(graph_path("matmul"), LoadOptions{.tune_matmuls = true});
  const Inputs in;
  // gelu_out is C (beta = 1) as well as D: the timing runs into scratch memory of its own.
  Allocation<float> gelu_out = device_copy(in.gelu_in);
  Bindings bindings;
  bindings.buffer("gelu_out", gelu_out.get(), in.gelu_in.size() * sizeof(float));
  Instance instance = program.instantiate("matmul", bindings);
  CHECK(read<float>(gelu_out.get(), in.gelu_in.size()) == in.gelu_in);
  const auto buffer = [&](const char* name) { return instance.buffer(name); };
  put_inputs(in, buffer);
  instance.launch();
  check(in, get_outputs(buffer), 0.5);
}

TEST_CASE("generated cuBLASLt matmuls compute what the runtime's do", "[codegen][gpu][capture]") {
  gen::Graph g;
  const gen::Bindings& b = g.bindings();
  const auto buffer = [&](const std::string& name) -> void* {
    if (name == "w16") return b.w16;
    if (name == "x16") return b.x16;
    if (name == "b16") return b.b16;
    if (name == "h16") return b.h16;
    if (name == "wb") return b.wb;
    if (name == "xb") return b.xb;
    if (name == "bb") return b.bb;
    if (name == "hb") return b.hb;
    if (name == "w") return b.w;
    if (name == "x") return b.x;
    if (name == "b") return b.b;
    if (name == "plain_out") return b.plain_out;
    if (name == "bias_out") return b.bias_out;
    if (name == "relu_out") return b.relu_out;
    return b.gelu_out;
  };
  const Inputs in;
  put_inputs(in, buffer);
  g.launch(nullptr);
  check(in, get_outputs(buffer), 0.5);
  put_inputs(in, buffer);
  g.set_alpha(2.0f);
  g.launch(nullptr);
  check(in, get_outputs(buffer), 2.0);
}

}  // namespace
}  // namespace graphc::test
