// cuFFT capture nodes (data/fft.graph) on both paths, against a naive DFT in double on the
// CPU: a batch of 1-D complex transforms forward and back (unnormalised: N times the
// signal), a 2-D real f64 transform to its half spectrum and back, and a 3-D complex one
// in place. Each captured graph holds kernel nodes (and any memset or copy cuFFT makes), no
// memory node: the plan's work area is graphc's.
#include <catch2/catch.hpp>
#include <cuda_runtime_api.h>
#include <vector_types.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <functional>
#include <numbers>
#include <string>
#include <vector>

#include "fft.graph.h"
#include "gemm_reference.h"
#include "gpu_test_support.h"

namespace graphc::test {
namespace {

namespace gen = graphc::gen::fft;
using Complex = std::complex<double>;

// The DFT of `batch` arrays of d0 x d1 x d2 values (row-major), with exp(sign 2 pi i k n / N)
// in each dimension.
std::vector<Complex> dft(const std::vector<Complex>& x, int d0, int d1, int d2, int batch, int sign) {
  std::vector<Complex> out(x.size());
  const int size = d0 * d1 * d2;
  const auto twiddle = [&](int k, int n, int d) { return std::polar(1.0, sign * 2.0 * std::numbers::pi * k * n / d); };
  for (int b = 0; b < batch; ++b) {
    for (int k = 0; k < size; ++k) {
      const int k0 = k / (d1 * d2), k1 = k / d2 % d1, k2 = k % d2;
      Complex sum = 0;
      for (int n = 0; n < size; ++n) {
        const int n0 = n / (d1 * d2), n1 = n / d2 % d1, n2 = n % d2;
        sum +=
            x[static_cast<std::size_t>(b * size + n)] * twiddle(k0, n0, d0) * twiddle(k1, n1, d1) * twiddle(k2, n2, d2);
      }
      out[static_cast<std::size_t>(b * size + k)] = sum;
    }
  }
  return out;
}

std::vector<Complex> complex_values(std::size_t count, std::uint32_t seed) {
  const std::vector<float> v = random_values(2 * count, seed);
  std::vector<Complex> out;
  for (std::size_t i = 0; i < count; ++i) out.emplace_back(v[2 * i], v[2 * i + 1]);
  return out;
}

std::vector<float2> as_float2(const std::vector<Complex>& values) {
  std::vector<float2> out;
  for (const Complex& v : values) out.push_back(float2{static_cast<float>(v.real()), static_cast<float>(v.imag())});
  return out;
}

template <class T>
std::vector<Complex> as_complex(const std::vector<T>& values) {
  std::vector<Complex> out;
  for (const T& v : values) out.emplace_back(v.x, v.y);
  return out;
}

// The largest |got - want| over the largest |want|.
double relative_error(const std::vector<Complex>& got, const std::vector<Complex>& want) {
  REQUIRE(got.size() == want.size());
  double worst = 0, scale = 0;
  for (std::size_t i = 0; i < got.size(); ++i) {
    worst = std::max(worst, std::abs(got[i] - want[i]));
    scale = std::max(scale, std::abs(want[i]));
  }
  return worst / scale;
}

template <class T>
void put(void* memory, const std::vector<T>& values) {
  check_cuda(cudaMemcpy(memory, values.data(), values.size() * sizeof(T), cudaMemcpyHostToDevice), "cudaMemcpy");
}

struct Inputs {
  std::vector<Complex> signal = complex_values(3 * 64, 51);
  std::vector<double> image = [] {
    const std::vector<float> v = random_values(16 * 12, 52);
    return std::vector<double>(v.begin(), v.end());
  }();
  std::vector<Complex> cube = complex_values(4 * 6 * 8, 53);
};

void put_inputs(const Inputs& in, const std::function<void*(const char*)>& buffer) {
  put(buffer("signal"), as_float2(in.signal));
  put(buffer("image"), in.image);
  put(buffer("cube"), as_float2(in.cube));
}

// Every output against the CPU's DFT.
void check_outputs(const Inputs& in, const std::function<void*(const char*)>& buffer) {
  const std::vector<Complex> spectrum = as_complex(read<float2>(buffer("spectrum"), 3 * 64));
  CHECK(relative_error(spectrum, dft(in.signal, 64, 1, 1, 3, -1)) < 1e-5);
  std::vector<Complex> scaled;
  for (const Complex& v : in.signal) scaled.push_back(64.0 * v);
  CHECK(relative_error(as_complex(read<float2>(buffer("roundtrip"), 3 * 64)), scaled) < 1e-5);

  // The 2-D real transform and its inverse: back = 16 * 12 * image, which needs the whole
  // half spectrum right (c2r may overwrite freq, its input: the next test checks r2c alone).
  std::vector<Complex> back;
  for (const double v : read<double>(buffer("back"), 16 * 12)) back.emplace_back(v, 0.0);
  std::vector<Complex> want;
  for (const double v : in.image) want.emplace_back(192.0 * v, 0.0);
  CHECK(relative_error(back, want) < 1e-12);

  CHECK(relative_error(as_complex(read<float2>(buffer("cube"), 4 * 6 * 8)), dft(in.cube, 4, 6, 8, 1, -1)) < 1e-5);
}

TEST_CASE("cuFFT capture nodes transform as a DFT on the CPU does", "[runtime][gpu][capture]") {
  Program program = Program::load(graph_path("fft"));
  Instance instance = program.instantiate("fft");
  const auto buffer = [&](const char* name) { return instance.buffer(name); };
  const Inputs in;
  put_inputs(in, buffer);
  instance.launch();
  check_outputs(in, buffer);
  for (const char* node : {"forward", "inverse", "to_freq", "to_image", "volume"}) {
    INFO(node);
    const std::vector<cudaGraphNodeType> types = captured_types(instance, node);
    CHECK_FALSE(types.empty());
    CHECK(std::count(types.begin(), types.end(), cudaGraphNodeTypeKernel) > 0);
    CHECK(std::all_of(types.begin(), types.end(), [](cudaGraphNodeType t) {
      return t == cudaGraphNodeTypeKernel || t == cudaGraphNodeTypeMemset || t == cudaGraphNodeTypeMemcpy;
    }));
  }
}

TEST_CASE("a graph's r2c writes the half spectrum of the CPU's DFT", "[runtime][gpu][capture]") {
  // to_freq alone, in a graph of its own: the full DFT's columns 0..6 of each row (12 / 2 + 1).
  const std::string text = R"(graph half {
    buffer image : f64[16 * 12] device;
    buffer freq : double2[16 * 7] device;
    capture to_freq : cufft.r2c(16, 12, 1, 1, image, freq);
}
)";
  Program program = Program::from_text(graph_path("half"), text);
  Instance instance = program.instantiate("half");
  const Inputs in;
  put(instance.buffer("image"), in.image);
  instance.launch();
  const std::vector<Complex> full = dft(std::vector<Complex>(in.image.begin(), in.image.end()), 16, 12, 1, 1, -1);
  std::vector<Complex> half;
  for (int r = 0; r < 16; ++r) {
    for (int c = 0; c < 7; ++c) half.push_back(full[static_cast<std::size_t>(r * 12 + c)]);
  }
  CHECK(relative_error(as_complex(read<double2>(instance.buffer("freq"), 16 * 7)), half) < 1e-12);
}

TEST_CASE("generated cuFFT capture nodes transform as the runtime's do", "[codegen][gpu][capture]") {
  gen::Graph g;
  const gen::Bindings& b = g.bindings();
  const auto buffer = [&](const std::string& name) -> void* {
    if (name == "signal") return b.signal;
    if (name == "spectrum") return b.spectrum;
    if (name == "roundtrip") return b.roundtrip;
    if (name == "image") return b.image;
    if (name == "freq") return b.freq;
    if (name == "back") return b.back;
    return b.cube;
  };
  const Inputs in;
  put_inputs(in, buffer);
  g.launch(nullptr);
  check_outputs(in, buffer);
}

}  // namespace
}  // namespace graphc::test
