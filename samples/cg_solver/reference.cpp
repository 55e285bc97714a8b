#include "reference.h"

#include <cmath>
#include <cstdlib>

namespace graphc::samples::cg_solver {
namespace {

double dot(const std::vector<double>& a, const std::vector<double>& b) {
  double sum = 0.0;
  for (std::size_t i = 0; i < a.size(); ++i) sum += a[i] * b[i];
  return sum;
}

void spmv(std::vector<double>& y, const Csr& a, const std::vector<double>& x) {
  for (int row = 0; row < n; ++row) {
    double sum = 0.0;
    for (int k = a.row_ptr[row]; k < a.row_ptr[row + 1]; ++k) sum += static_cast<double>(a.values[k]) * x[a.col_idx[k]];
    y[row] = sum;
  }
}

}  // namespace

Csr poisson_matrix() {
  Csr a;
  a.row_ptr.reserve(n + 1);
  a.col_idx.reserve(nnz);
  a.values.reserve(nnz);
  for (int gy = 0; gy < m; ++gy) {
    for (int gx = 0; gx < m; ++gx) {
      const int i = gy * m + gx;
      a.row_ptr.push_back(static_cast<int>(a.col_idx.size()));
      const auto add = [&a](int column, float value) {
        a.col_idx.push_back(column);
        a.values.push_back(value);
      };
      if (gy > 0) add(i - m, -1.0f);
      if (gx > 0) add(i - 1, -1.0f);
      add(i, 4.0f);
      if (gx < m - 1) add(i + 1, -1.0f);
      if (gy < m - 1) add(i + m, -1.0f);
    }
  }
  a.row_ptr.push_back(static_cast<int>(a.col_idx.size()));
  return a;
}

std::vector<float> rhs() {
  std::vector<float> b(n);
  const float h = 1.0f / static_cast<float>(m + 1);
  const float h2 = h * h;
  for (int gy = 0; gy < m; ++gy) {
    const float y = static_cast<float>(gy + 1) * h;
    const float fy = y * (1.0f - y);
    for (int gx = 0; gx < m; ++gx) {
      const float x = static_cast<float>(gx + 1) * h;
      const float fx = x * (1.0f - x);
      b[gy * m + gx] = (2.0f * (fx + fy)) * h2;
    }
  }
  return b;
}

Solution solve() {
  const Csr a = poisson_matrix();
  const std::vector<float> b_float = rhs();
  const std::vector<double> b(b_float.begin(), b_float.end());
  Solution s;
  s.x.assign(n, 0.0);
  std::vector<double> r = b;  // x0 = 0
  std::vector<double> p = b;
  std::vector<double> ap(n);
  const double bb = dot(b, b);
  double rr = bb;
  s.residual = 1.0;
  while (s.iterations < max_iterations) {
    spmv(ap, a, p);
    const double alpha = rr / dot(p, ap);
    for (int i = 0; i < n; ++i) {
      s.x[i] += alpha * p[i];
      r[i] -= alpha * ap[i];
    }
    const double rr_new = dot(r, r);
    const double beta = rr_new / rr;
    rr = rr_new;
    for (int i = 0; i < n; ++i) p[i] = r[i] + beta * p[i];
    ++s.iterations;
    s.residual = std::sqrt(rr / bb);
    if (s.residual < tolerance) break;
  }
  return s;
}

bool iterations_plausible(int gpu_iterations, int cpu_iterations) {
  return gpu_iterations < max_iterations && std::abs(gpu_iterations - cpu_iterations) * 10 <= cpu_iterations;
}

}  // namespace graphc::samples::cg_solver
