#include "ir/library_ops.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <climits>

namespace graphc::ir {
namespace {

using R = OperandRole;

// cublasGemmEx's operands without the handle, the transposes (template arguments) and the
// types (the buffers'): C = alpha * op(A) * op(B) + beta * C.
constexpr std::array<LibraryOperand, 11> kGemm = {{{"m", R::extent},
                                                   {"n", R::extent},
                                                   {"k", R::extent},
                                                   {"alpha", R::scalar},
                                                   {"A", R::matrix},
                                                   {"lda", R::extent},
                                                   {"B", R::matrix},
                                                   {"ldb", R::extent},
                                                   {"beta", R::scalar},
                                                   {"C", R::matrix},
                                                   {"ldc", R::extent}}};

// cublasGemmStridedBatchedEx's: each matrix followed by its leading dimension and stride.
constexpr std::array<LibraryOperand, 15> kGemmStridedBatched = {{{"m", R::extent},
                                                                 {"n", R::extent},
                                                                 {"k", R::extent},
                                                                 {"alpha", R::scalar},
                                                                 {"A", R::matrix},
                                                                 {"lda", R::extent},
                                                                 {"strideA", R::stride},
                                                                 {"B", R::matrix},
                                                                 {"ldb", R::extent},
                                                                 {"strideB", R::stride},
                                                                 {"beta", R::scalar},
                                                                 {"C", R::matrix},
                                                                 {"ldc", R::extent},
                                                                 {"strideC", R::stride},
                                                                 {"batchCount", R::extent}}};

constexpr std::array<LibraryOpInfo, 2> kOps = {{
    {LibraryOp::cublas_gemm, "cublas.gemm", "cublasGemmEx", kGemm},
    {LibraryOp::cublas_gemm_strided_batched, "cublas.gemm_strided_batched", "cublasGemmStridedBatchedEx",
     kGemmStridedBatched},
}};

std::string trim(std::string_view text) {
  const auto space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  while (!text.empty() && space(text.front())) text.remove_prefix(1);
  while (!text.empty() && space(text.back())) text.remove_suffix(1);
  return std::string(text);
}

}  // namespace

std::span<const LibraryOpInfo> library_ops() { return kOps; }

const LibraryOpInfo* find_library_op(std::string_view name) {
  const auto* it = std::find_if(kOps.begin(), kOps.end(), [&](const LibraryOpInfo& op) { return op.name == name; });
  return it == kOps.end() ? nullptr : &*it;
}

bool is_library_function(std::string_view function) {
  return function.substr(0, function.find('<')).find('.') != std::string_view::npos;
}

LibraryFunction split_library_function(std::string_view function) {
  LibraryFunction out;
  const std::size_t open = function.find('<');
  out.name = trim(function.substr(0, open));
  if (open == std::string_view::npos) return out;
  out.has_template_args = true;
  std::string_view inside = function.substr(open + 1);
  if (!inside.empty() && inside.back() == '>') inside.remove_suffix(1);
  std::size_t start = 0;
  for (std::size_t i = 0; i <= inside.size(); ++i) {
    if (i == inside.size() || inside[i] == ',') {
      out.template_args.push_back(trim(inside.substr(start, i - start)));
      start = i + 1;
    }
  }
  return out;
}

GemmOperands gemm_operands(LibraryOp op) {
  constexpr std::uint32_t none = UINT32_MAX;
  if (op == LibraryOp::cublas_gemm_strided_batched) return {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14};
  return {0, 1, 2, 3, 4, 5, none, 6, 7, none, 8, 9, 10, none, none};
}

GemmMatrix gemm_matrix(const GemmCall& gemm, char matrix) {
  switch (matrix) {
    case 'A':
      return gemm.transpose_a ? GemmMatrix{gemm.k, gemm.m, gemm.lda, gemm.stride_a}
                              : GemmMatrix{gemm.m, gemm.k, gemm.lda, gemm.stride_a};
    case 'B':
      return gemm.transpose_b ? GemmMatrix{gemm.n, gemm.k, gemm.ldb, gemm.stride_b}
                              : GemmMatrix{gemm.k, gemm.n, gemm.ldb, gemm.stride_b};
    default: return GemmMatrix{gemm.m, gemm.n, gemm.ldc, gemm.stride_c};
  }
}

std::optional<std::int64_t> gemm_span(const GemmMatrix& matrix, std::int64_t batch) {
  // ld, cols and rows are below 2^31 (E1006, E1004), so one member's span fits; the batch's may not.
  const std::int64_t one = matrix.ld * (matrix.cols - 1) + matrix.rows;
  std::int64_t members = 0;
  std::int64_t span = 0;
  if (__builtin_mul_overflow(matrix.stride, batch - 1, &members) || __builtin_add_overflow(one, members, &span)) {
    return std::nullopt;
  }
  return span;
}

}  // namespace graphc::ir
