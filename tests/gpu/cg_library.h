// The library work of a conjugate-gradient iteration for the capture-node GPU test: the SpMV
// of A = tridiag(-1, 4, -1) through cuSPARSE and the dots, axpys and scal through cuBLAS (in
// device pointer mode, so the scalars stay on the device), each a function that a capture
// node calls with the capturing stream. Compiled by nvcc into the test program; the .cpp
// tests call it through this header.
#pragma once

#include <cuda_runtime_api.h>

#include <memory>

namespace graphc::test {

/// The scalars of one iteration, in device memory.
enum CgScalar : int { cg_rr, cg_pap, cg_alpha, cg_minus_alpha, cg_rr_new, cg_beta, cg_one, cg_scalar_count };

class CgLibraries {
 public:
  /// cuSPARSE (the CSR matrix, its SpMV buffer) and cuBLAS (a handle in device pointer mode,
  /// with a workspace of its own) state for vectors of `n` elements. Throws std::runtime_error.
  explicit CgLibraries(int n);
  ~CgLibraries();
  CgLibraries(const CgLibraries&) = delete;
  CgLibraries& operator=(const CgLibraries&) = delete;

  /// ap = A p (cusparseSpMV) on `stream`.
  void spmv(cudaStream_t stream, const float* p, float* ap) const;
  /// alpha = rr / (p . ap); x += alpha p; r -= alpha ap; beta = (r . r) / rr; rr = r . r;
  /// p = r + beta p, on `stream`.
  void update(cudaStream_t stream, float* x, float* r, float* p, const float* ap, float* scalars) const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace graphc::test
