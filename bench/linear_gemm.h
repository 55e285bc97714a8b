// The GEMM of a linear layer as the decode benchmarks' eager baselines call it, the shape the
// samples' `cublas.gemm<T, N>` capture nodes give cuBLAS.
#pragma once

#include "graphc/cublas_ops.h"

namespace graphc::bench {

/// y = W x for `tokens` tokens: W stored [out][in] (row-major, as nn.Linear), x [tokens][in],
/// y [tokens][out]; to cuBLAS, C (out x tokens) = A^T B with A column-major in x out.
inline GemmShape linear_gemm(int out, int in, int tokens) {
  GemmShape shape;
  shape.transpose_a = true;
  shape.m = out;
  shape.n = tokens;
  shape.k = in;
  shape.lda = in;
  shape.ldb = in;
  shape.ldc = out;
  return shape;
}

}  // namespace graphc::bench
