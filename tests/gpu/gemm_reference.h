// The CPU side of the GEMM tests: fixed-seed data and C = alpha * op(A) * op(B) + beta * C
// in double, column-major, as cuBLAS defines it.
#pragma once

#include <cmath>
#include <cstdint>
#include <vector>

namespace graphc::test {

/// `count` values in [-1, 1) from a fixed-seed linear congruential generator: never all
/// zero, the same on every run.
inline std::vector<float> random_values(std::size_t count, std::uint32_t seed) {
  std::vector<float> out(count);
  std::uint32_t state = seed * 2654435761u + 1u;
  for (float& v : out) {
    state = state * 1664525u + 1013904223u;
    v = static_cast<float>(state >> 8) / static_cast<float>(1u << 24) * 2.0f - 1.0f;
  }
  return out;
}

struct GemmCase {
  bool transpose_a = false;
  bool transpose_b = false;
  int m = 0, n = 0, k = 0, lda = 0, ldb = 0, ldc = 0;
  long long stride_a = 0, stride_b = 0, stride_c = 0;
  int batch = 1;
};

/// C = alpha * op(A) * op(B) + beta * C for each member of the batch, in double.
inline std::vector<double> gemm_reference(const GemmCase& g, double alpha, const std::vector<float>& a,
                                          const std::vector<float>& b, double beta, const std::vector<float>& c) {
  std::vector<double> out(c.begin(), c.end());
  for (int s = 0; s < g.batch; ++s) {
    const float* as = a.data() + s * g.stride_a;
    const float* bs = b.data() + s * g.stride_b;
    double* cs = out.data() + s * g.stride_c;
    for (int j = 0; j < g.n; ++j) {
      for (int i = 0; i < g.m; ++i) {
        double sum = 0;
        for (int p = 0; p < g.k; ++p) {
          const double x = g.transpose_a ? as[p + i * g.lda] : as[i + p * g.lda];
          const double y = g.transpose_b ? bs[j + p * g.ldb] : bs[p + j * g.ldb];
          sum += x * y;
        }
        cs[i + j * g.ldc] = alpha * sum + beta * cs[i + j * g.ldc];
      }
    }
  }
  return out;
}

/// The largest |got - want| / max(1, |want|).
template <class T>
double max_relative_error(const std::vector<T>& got, const std::vector<double>& want) {
  double worst = 0;
  for (std::size_t i = 0; i < want.size(); ++i) {
    const double g = static_cast<double>(got.at(i));
    worst = std::max(worst, std::abs(g - want[i]) / std::max(1.0, std::abs(want[i])));
  }
  return worst;
}

}  // namespace graphc::test
