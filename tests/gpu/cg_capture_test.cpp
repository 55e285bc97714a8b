// A second library through registered capture functions: a conjugate-gradient solve whose
// SpMV is cusparseSpMV and whose dots, axpys and scal are cuBLAS calls, captured into the
// body of a WHILE node whose device-side test ends the loop; the solution is checked
// against the matrix (its residual) and against a CPU CG in double.
#include <catch2/catch.hpp>

#include <cmath>
#include <vector>

#include "cg_library.h"
#include "gpu_test_support.h"

namespace graphc::test {
namespace {

constexpr int kN = 4096;

const std::string kCg = R"(module "cond_kernels.cu";
graph cg {
    const N = 4096;
    buffer x : f32[N] device = fill(0);
    buffer r : f32[N] device = fill(1);        // b = 1 and x = 0: r = b
    buffer p : f32[N] device = fill(1);        // p = r
    buffer ap : f32[N] device;
    buffer s : f32[7] device = {N, 0, 0, 0, 0, 0, 1};   // rr = b . b, ..., one
    buffer iterations : i32[1] device = fill(0);
    cond again = 1;
    while loop (again) {
        capture spmv : cg_spmv(p, ap);
        capture update : cg_update(x, r, p, ap, s);
        kernel test : cg_continue<<<1, 1>>>(again, s, iterations, 1e-10f, 4096.0f, 200);
        spmv -> update -> test;
    }
}
)";

// y = A x for A = tridiag(-1, 4, -1).
std::vector<double> apply(const std::vector<double>& x) {
  std::vector<double> y(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) {
    y[i] = 4 * x[i] - (i > 0 ? x[i - 1] : 0) - (i + 1 < x.size() ? x[i + 1] : 0);
  }
  return y;
}

double dot(const std::vector<double>& a, const std::vector<double>& b) {
  double sum = 0;
  for (std::size_t i = 0; i < a.size(); ++i) sum += a[i] * b[i];
  return sum;
}

// CG in double from x = 0 for b = 1, to a squared residual of 1e-24 b . b.
std::vector<double> cpu_cg() {
  std::vector<double> x(kN, 0.0);
  std::vector<double> r(kN, 1.0);
  std::vector<double> p = r;
  double rr = dot(r, r);
  const double bb = rr;
  for (int it = 0; it < 1000 && rr > 1e-24 * bb; ++it) {
    const std::vector<double> ap = apply(p);
    const double alpha = rr / dot(p, ap);
    for (int i = 0; i < kN; ++i) {
      x[i] += alpha * p[i];
      r[i] -= alpha * ap[i];
    }
    const double next = dot(r, r);
    for (int i = 0; i < kN; ++i) p[i] = r[i] + next / rr * p[i];
    rr = next;
  }
  return x;
}

TEST_CASE("a CG solve with cuSPARSE and cuBLAS capture nodes in a WHILE body converges on the device",
          "[runtime][gpu][capture]") {
  const CgLibraries libraries(kN);
  Bindings bindings;
  bindings.capture("cg_spmv", [&](cudaStream_t s, float* p, float* ap) { libraries.spmv(s, p, ap); });
  bindings.capture("cg_update", [&](cudaStream_t s, float* x, float* r, float* p, float* ap, float* scalars) {
    libraries.update(s, x, r, p, ap, scalars);
  });
  Program program = Program::from_text(graph_path("cg"), kCg);
  Instance instance = program.instantiate("cg", bindings);
  instance.launch();
  const std::vector<float> x = read_buffer<float>(instance, "x");
  const int iterations = read_buffer<int>(instance, "iterations").at(0);
  INFO("iterations: " << iterations);
  CHECK(iterations > 2);
  CHECK(iterations < 200);  // converged, not stopped by the limit

  std::vector<double> got(x.begin(), x.end());
  std::vector<double> residual = apply(got);
  for (double& v : residual) v = 1.0 - v;
  CHECK(std::sqrt(dot(residual, residual) / kN) < 1e-5);  // ||b - A x|| / ||b||
  const std::vector<double> want = cpu_cg();
  double worst = 0;
  for (int i = 0; i < kN; ++i) worst = std::max(worst, std::abs(got[i] - want[i]) / std::abs(want[i]));
  CHECK(worst < 1e-4);
}

}  // namespace
}  // namespace graphc::test
