// cuBLAS level 1 and 2 (device pointer mode), cuSPARSE SpMV and SpMM capture nodes on the device,
// against CPU references in double: f64 and f32 data, strided vectors, both operations on
// A, device scalars that neighbouring nodes read and write element by element; each
// captured graph holds kernel and memset nodes only; Instance::set of an SpMV's alpha and
// Instance::bind of its vector capture it again in place, its descriptors pointed at the
// new memory.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <string>
#include <vector>

#include "gemm_reference.h"
#include "gpu_test_support.h"

namespace graphc::test {
namespace {

std::vector<double> widen(const std::vector<float>& values) { return {values.begin(), values.end()}; }

double max_error(const std::vector<double>& got, const std::vector<double>& want) {
  REQUIRE(got.size() == want.size());
  double worst = 0;
  for (std::size_t i = 0; i < got.size(); ++i)
    worst = std::max(worst, std::abs(got[i] - want[i]) / (1 + std::abs(want[i])));
  return worst;
}

void check_captured_kernels(const Instance& instance, std::initializer_list<const char*> nodes) {
  for (const char* node : nodes) {
    INFO(node);
    const std::vector<cudaGraphNodeType> types = captured_types(instance, node);
    CHECK_FALSE(types.empty());
    for (const cudaGraphNodeType t : types) CHECK((t == cudaGraphNodeTypeKernel || t == cudaGraphNodeTypeMemset));
  }
}

// Level 1 on f64: the scalars in s, alpha given in s[0], the others written by the nodes.
const std::string kLevel1 = R"(graph level1 {
    const N = 1000;
    buffer x : f64[N] device;
    buffer y : f64[N] device;
    buffer z : f64[N] device;
    buffer s : f64[3] device; // alpha, x . y, ||x[0:N:2]||
    capture dot : cublas.dot(N, x, 1, y, 1, s + 1);
    capture nrm : cublas.nrm2(N / 2, x, 2, s + 2);
    capture cp : cublas.copy(N, y, 1, z, 1);
    capture ax : cublas.axpy(N, s, x, 1, z, 1); // z = alpha x + y
    capture sc : cublas.scal(N, s, y, 1);       // y = alpha y
    {dot, cp} -> sc;
    cp -> ax;
}
)";

TEST_CASE("cuBLAS level 1 capture nodes compute on device scalars as the CPU does", "[runtime][gpu][capture]") {
  Program program = Program::from_text(graph_path("level1"), kLevel1);
  Instance instance = program.instantiate("level1");
  const std::vector<double> x = widen(random_values(1000, 11));
  const std::vector<double> y = widen(random_values(1000, 12));
  const double alpha = -1.25;
  upload(instance, "x", x);
  upload(instance, "y", y);
  upload(instance, "s", std::vector<double>{alpha, 0, 0});
  instance.launch();

  double dot = 0;
  double squares = 0;
  std::vector<double> z(1000);
  std::vector<double> scaled(1000);
  for (std::size_t i = 0; i < 1000; ++i) {
    dot += x[i] * y[i];
    if (i % 2 == 0) squares += x[i] * x[i];
    z[i] = alpha * x[i] + y[i];
    scaled[i] = alpha * y[i];
  }
  const std::vector<double> s = read_buffer<double>(instance, "s");
  CHECK(s[0] == alpha);
  CHECK(std::abs(s[1] - dot) < 1e-12 * (1 + std::abs(dot)) * 1000);
  CHECK(std::abs(s[2] - std::sqrt(squares)) < 1e-12 * std::sqrt(squares) * 1000);
  CHECK(max_error(read_buffer<double>(instance, "z"), z) < 1e-13);
  CHECK(max_error(read_buffer<double>(instance, "y"), scaled) < 1e-13);
  check_captured_kernels(instance, {"dot", "nrm", "cp", "ax", "sc"});
}

// gemv on f32, both ways: yn = 2 A v + 0.5 yn and yt = 2 A^T w + 0.5 yt.
const std::string kGemv = R"(graph gemv {
    const M = 96;
    const N = 64;
    buffer a : f32[M * N] device;
    buffer v : f32[N] device;
    buffer w : f32[M] device;
    buffer yn : f32[M] device;
    buffer yt : f32[N] device;
    buffer k : f32[2] device = {2, 0.5};
    capture mvn : cublas.gemv(M, N, k, a, M, v, 1, k + 1, yn, 1);
    capture mvt : cublas.gemv<T>(M, N, k, a, M, w, 1, k + 1, yt, 1);
}
)";

TEST_CASE("cublas.gemv multiplies by A and by its transpose", "[runtime][gpu][capture]") {
  Program program = Program::from_text(graph_path("gemv"), kGemv);
  Instance instance = program.instantiate("gemv");
  const std::vector<float> a = random_values(96 * 64, 21);
  const std::vector<float> v = random_values(64, 22);
  const std::vector<float> w = random_values(96, 23);
  const std::vector<float> yn = random_values(96, 24);
  const std::vector<float> yt = random_values(64, 25);
  for (const auto& [name, values] : {std::pair{"a", a}, {"v", v}, {"w", w}, {"yn", yn}, {"yt", yt}}) {
    upload(instance, name, values);
  }
  instance.launch();
  std::vector<double> want_n(96);
  std::vector<double> want_t(64);
  for (int i = 0; i < 96; ++i) {
    double sum = 0;
    for (int j = 0; j < 64; ++j) sum += double(a[i + j * 96]) * v[j];
    want_n[i] = 2 * sum + 0.5 * yn[i];
  }
  for (int j = 0; j < 64; ++j) {
    double sum = 0;
    for (int i = 0; i < 96; ++i) sum += double(a[i + j * 96]) * w[i];
    want_t[j] = 2 * sum + 0.5 * yt[j];
  }
  CHECK(max_error(widen(read_buffer<float>(instance, "yn")), want_n) < 1e-5);
  CHECK(max_error(widen(read_buffer<float>(instance, "yt")), want_t) < 1e-5);
  check_captured_kernels(instance, {"mvn", "mvt"});
}

// A 300 x 500 CSR matrix, three nonzeros a row; y = alpha A x + 0.5 y in f32, and
// u = A^T t in f64.
const std::string kSpmv = R"(graph spmv {
    const R = 300;
    const C = 500;
    const NNZ = 3 * R;
    buffer rows : i32[R + 1] device;
    buffer cols : i32[NNZ] device;
    buffer vals : f32[NNZ] device;
    buffer vals64 : f64[NNZ] device;
    buffer x : f32[C] device;
    buffer y : f32[R] device;
    buffer t : f64[R] device;
    buffer u : f64[C] device;
    param alpha : f32 = 2.0;
    capture mv : cusparse.spmv(R, C, NNZ, alpha, rows, cols, vals, x, 0.5, y);
    capture mvt : cusparse.spmv<T>(R, C, NNZ, 1.0, rows, cols, vals64, t, 0.0, u);
}
)";

struct Csr {
  std::vector<int> rows{0};
  std::vector<int> cols;
  std::vector<float> vals;
};

Csr sparse_matrix() {
  Csr m;
  const std::vector<float> values = random_values(900, 31);
  for (int r = 0; r < 300; ++r) {
    for (int k = 0; k < 3; ++k) {
      m.cols.push_back((r * 7 + k * 131) % 500);  // three distinct columns, sorted below
      m.vals.push_back(values[static_cast<std::size_t>(r * 3 + k)]);
    }
    std::sort(m.cols.end() - 3, m.cols.end());
    m.rows.push_back(static_cast<int>(m.cols.size()));
  }
  return m;
}

std::vector<double> spmv_reference(const Csr& m, bool transpose, double alpha, const std::vector<double>& x,
                                   double beta, const std::vector<double>& y) {
  std::vector<double> out(y.size());
  for (std::size_t i = 0; i < y.size(); ++i) out[i] = beta * y[i];
  for (int r = 0; r < 300; ++r) {
    for (int k = m.rows[r]; k < m.rows[r + 1]; ++k) {
      const auto c = static_cast<std::size_t>(m.cols[static_cast<std::size_t>(k)]);
      const double v = m.vals[static_cast<std::size_t>(k)];
      if (transpose) {
        out[c] += alpha * v * x[static_cast<std::size_t>(r)];
      } else {
        out[static_cast<std::size_t>(r)] += alpha * v * x[c];
      }
    }
  }
  return out;
}

TEST_CASE("cusparse.spmv multiplies a CSR matrix and its transpose by a vector", "[runtime][gpu][capture]") {
  Program program = Program::from_text(graph_path("spmv"), kSpmv);
  Instance instance = program.instantiate("spmv");
  const Csr m = sparse_matrix();
  const std::vector<float> x = random_values(500, 32);
  const std::vector<float> y = random_values(300, 33);
  const std::vector<double> t = widen(random_values(300, 34));
  upload(instance, "rows", m.rows);
  upload(instance, "cols", m.cols);
  upload(instance, "vals", m.vals);
  upload(instance, "vals64", widen(m.vals));
  upload(instance, "x", x);
  upload(instance, "y", y);
  upload(instance, "t", t);
  instance.launch();
  CHECK(max_error(widen(read_buffer<float>(instance, "y")), spmv_reference(m, false, 2.0, widen(x), 0.5, widen(y))) <
        1e-5);
  CHECK(max_error(read_buffer<double>(instance, "u"), spmv_reference(m, true, 1.0, t, 0.0, std::vector<double>(500))) <
        1e-13);
  check_captured_kernels(instance, {"mv", "mvt"});

  SECTION("Instance::set of alpha captures the SpMV again, in place") {
    const cudaGraphExec_t exec = instance.exec();
    upload(instance, "y", y);
    instance.set("alpha", -3.0f);
    instance.launch();
    CHECK(instance.exec() == exec);
    CHECK(max_error(widen(read_buffer<float>(instance, "y")), spmv_reference(m, false, -3.0, widen(x), 0.5, widen(y))) <
          1e-5);
  }

  SECTION("Instance::bind of x points the SpMV's descriptor at the new memory, in place") {
    const cudaGraphExec_t exec = instance.exec();
    const std::vector<float> x2 = random_values(500, 35);
    Allocation<float> memory = device_copy(x2);
    upload(instance, "y", y);
    instance.bind("x", memory.get(), x2.size() * sizeof(float));
    instance.launch();
    CHECK(instance.exec() == exec);
    CHECK(max_error(widen(read_buffer<float>(instance, "y")), spmv_reference(m, false, 2.0, widen(x2), 0.5, widen(y))) <
          1e-5);
  }
}

// SpMM: C (300 x 4, ld 310) = 1.5 A B + 0.25 C, B 500 x 4; and the transpose on f64, B 300
// x 4, C 500 x 4.
const std::string kSpmm = R"(graph spmm {
    const R = 300;
    const C = 500;
    const NNZ = 3 * R;
    const N = 4;
    buffer rows : i32[R + 1] device;
    buffer cols : i32[NNZ] device;
    buffer vals : f32[NNZ] device;
    buffer vals64 : f64[NNZ] device;
    buffer b : f32[C * N] device;
    buffer c : f32[310 * N] device;
    buffer bt : f64[R * N] device;
    buffer ct : f64[C * N] device;
    capture mm : cusparse.spmm(R, C, N, NNZ, 1.5, rows, cols, vals, b, C, 0.25, c, 310);
    capture mmt : cusparse.spmm<T>(R, C, N, NNZ, 1.0, rows, cols, vals64, bt, R, 0.0, ct, C);
}
)";

// Column j of a column-major matrix of `rows` rows, leading dimension `ld`.
std::vector<double> column(const std::vector<double>& matrix, int j, int rows, int ld) {
  const auto first = matrix.begin() + static_cast<long>(j) * ld;
  return {first, first + rows};
}

TEST_CASE("cusparse.spmm multiplies a CSR matrix and its transpose by a dense matrix", "[runtime][gpu][capture]") {
  Program program = Program::from_text(graph_path("spmm"), kSpmm);
  Instance instance = program.instantiate("spmm");
  const Csr m = sparse_matrix();
  const std::vector<double> b = widen(random_values(500 * 4, 41));
  const std::vector<double> c = widen(random_values(310 * 4, 42));
  const std::vector<double> bt = widen(random_values(300 * 4, 43));
  upload(instance, "rows", m.rows);
  upload(instance, "cols", m.cols);
  upload(instance, "vals", m.vals);
  upload(instance, "vals64", widen(m.vals));
  upload(instance, "b", std::vector<float>(b.begin(), b.end()));
  upload(instance, "c", std::vector<float>(c.begin(), c.end()));
  upload(instance, "bt", bt);
  instance.launch();
  const std::vector<double> got = widen(read_buffer<float>(instance, "c"));
  const std::vector<double> got_t = read_buffer<double>(instance, "ct");
  for (int j = 0; j < 4; ++j) {
    INFO("column " << j);
    // Each column of C is an SpMV of the same column of B; the rows past 300 (ld 310) untouched.
    CHECK(max_error(column(got, j, 300, 310),
                    spmv_reference(m, false, 1.5, column(b, j, 500, 500), 0.25, column(c, j, 300, 310))) < 1e-5);
    CHECK(column(got, j, 310, 310)[305] == static_cast<float>(c[static_cast<std::size_t>(j * 310 + 305)]));
    CHECK(max_error(column(got_t, j, 500, 500),
                    spmv_reference(m, true, 1.0, column(bt, j, 300, 300), 0.0, std::vector<double>(500))) < 1e-13);
  }
  check_captured_kernels(instance, {"mm", "mmt"});
}

}  // namespace
}  // namespace graphc::test
