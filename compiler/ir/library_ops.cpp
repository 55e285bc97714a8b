#include "ir/library_ops.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <climits>

namespace graphc::ir {
namespace {

using Role = OperandRole;
using Use = OperandUse;

// cublasGemmEx's operands without the handle, the transposes (template arguments) and the
// types (the buffers'): C = alpha * op(A) * op(B) + beta * C.
constexpr std::array<LibraryOperand, 11> kGemm = {{{"m", Role::extent},
                                                   {"n", Role::extent},
                                                   {"k", Role::extent},
                                                   {"alpha", Role::scalar},
                                                   {"A", Role::array, Use::read},
                                                   {"lda", Role::extent},
                                                   {"B", Role::array, Use::read},
                                                   {"ldb", Role::extent},
                                                   {"beta", Role::scalar},
                                                   {"C", Role::array, Use::read_write},
                                                   {"ldc", Role::extent}}};

// cublasGemmStridedBatchedEx's: each matrix followed by its leading dimension and stride.
constexpr std::array<LibraryOperand, 15> kGemmStridedBatched = {{{"m", Role::extent},
                                                                 {"n", Role::extent},
                                                                 {"k", Role::extent},
                                                                 {"alpha", Role::scalar},
                                                                 {"A", Role::array, Use::read},
                                                                 {"lda", Role::extent},
                                                                 {"strideA", Role::stride},
                                                                 {"B", Role::array, Use::read},
                                                                 {"ldb", Role::extent},
                                                                 {"strideB", Role::stride},
                                                                 {"beta", Role::scalar},
                                                                 {"C", Role::array, Use::read_write},
                                                                 {"ldc", Role::extent},
                                                                 {"strideC", Role::stride},
                                                                 {"batchCount", Role::extent}}};

// Level 1, as cuBLAS's <t>dot, <t>nrm2, <t>axpy, <t>scal and <t>copy take them; the
// scalars (alpha, result) in device memory.
constexpr std::array<LibraryOperand, 6> kDot = {{{"n", Role::extent},
                                                 {"x", Role::array, Use::read},
                                                 {"incx", Role::extent},
                                                 {"y", Role::array, Use::read},
                                                 {"incy", Role::extent},
                                                 {"result", Role::device_scalar, Use::write}}};
constexpr std::array<LibraryOperand, 4> kNrm2 = {{{"n", Role::extent},
                                                  {"x", Role::array, Use::read},
                                                  {"incx", Role::extent},
                                                  {"result", Role::device_scalar, Use::write}}};
constexpr std::array<LibraryOperand, 6> kAxpy = {{{"n", Role::extent},
                                                  {"alpha", Role::device_scalar, Use::read},
                                                  {"x", Role::array, Use::read},
                                                  {"incx", Role::extent},
                                                  {"y", Role::array, Use::read_write},
                                                  {"incy", Role::extent}}};
constexpr std::array<LibraryOperand, 4> kScal = {{{"n", Role::extent},
                                                  {"alpha", Role::device_scalar, Use::read},
                                                  {"x", Role::array, Use::read_write},
                                                  {"incx", Role::extent}}};
constexpr std::array<LibraryOperand, 5> kCopy = {{{"n", Role::extent},
                                                  {"x", Role::array, Use::read},
                                                  {"incx", Role::extent},
                                                  {"y", Role::array, Use::write},
                                                  {"incy", Role::extent}}};

// cublas<t>gemv's: y = alpha * op(A) * x + beta * y, alpha and beta in device memory.
constexpr std::array<LibraryOperand, 10> kGemv = {{{"m", Role::extent},
                                                   {"n", Role::extent},
                                                   {"alpha", Role::device_scalar, Use::read},
                                                   {"A", Role::array, Use::read},
                                                   {"lda", Role::extent},
                                                   {"x", Role::array, Use::read},
                                                   {"incx", Role::extent},
                                                   {"beta", Role::device_scalar, Use::read},
                                                   {"y", Role::array, Use::read_write},
                                                   {"incy", Role::extent}}};

// cusparseSpMV's, with the CSR matrix as cusparseCreateCsr takes it (rows, cols, nnz and
// its three arrays) and the dense vectors as buffers: y = alpha * op(A) * x + beta * y.
constexpr std::array<LibraryOperand, 10> kSpmv = {{{"rows", Role::extent},
                                                   {"cols", Role::extent},
                                                   {"nnz", Role::extent},
                                                   {"alpha", Role::scalar},
                                                   {"rowOffsets", Role::array, Use::read},
                                                   {"colInd", Role::array, Use::read},
                                                   {"values", Role::array, Use::read},
                                                   {"x", Role::array, Use::read},
                                                   {"beta", Role::scalar},
                                                   {"y", Role::array, Use::read_write}}};

// cublasLtMatmul's, as a GEMM's with D = C, then for the epilogues with a bias its vector
// of m elements (CUBLASLT_MATMUL_DESC_BIAS_POINTER).
constexpr std::array<LibraryOperand, 12> kMatmulBias = [] {
  std::array<LibraryOperand, 12> out{};
  std::copy(kGemm.begin(), kGemm.end(), out.begin());
  out.back() = {"bias", Role::array, Use::read};
  return out;
}();

// cusparseSpMM's, the CSR matrix as for SpMV and the dense ones column-major with their
// leading dimensions: C = alpha * op(A) * B + beta * C.
constexpr std::array<LibraryOperand, 13> kSpmm = {{{"rows", Role::extent},
                                                   {"cols", Role::extent},
                                                   {"n", Role::extent},
                                                   {"nnz", Role::extent},
                                                   {"alpha", Role::scalar},
                                                   {"rowOffsets", Role::array, Use::read},
                                                   {"colInd", Role::array, Use::read},
                                                   {"values", Role::array, Use::read},
                                                   {"B", Role::array, Use::read},
                                                   {"ldb", Role::extent},
                                                   {"beta", Role::scalar},
                                                   {"C", Role::array, Use::read_write},
                                                   {"ldc", Role::extent}}};

// cufftMakePlanMany's sizes (the dimensions, then the batch) and cufftExec*'s data. A C2R
// may overwrite its input (cuFFT's documentation), so it reads and writes it.
constexpr std::array<LibraryOperand, 6> kFft = {{{"nx", Role::extent},
                                                 {"ny", Role::extent},
                                                 {"nz", Role::extent},
                                                 {"batch", Role::extent},
                                                 {"in", Role::array, Use::read},
                                                 {"out", Role::array, Use::write}}};
constexpr std::array<LibraryOperand, 6> kFftC2r = {{{"nx", Role::extent},
                                                    {"ny", Role::extent},
                                                    {"nz", Role::extent},
                                                    {"batch", Role::extent},
                                                    {"in", Role::array, Use::read_write},
                                                    {"out", Role::array, Use::write}}};

// CUB's device-wide algorithms over n items: a reduction writes one element, a scan n, a
// radix sort its keys (and values) in ascending order of the keys into other memory.
constexpr std::array<LibraryOperand, 3> kReduce = {
    {{"n", Role::extent}, {"in", Role::array, Use::read}, {"out", Role::device_scalar, Use::write}}};
constexpr std::array<LibraryOperand, 3> kScan = {
    {{"n", Role::extent}, {"in", Role::array, Use::read}, {"out", Role::array, Use::write}}};
constexpr std::array<LibraryOperand, 3> kSortKeys = {
    {{"n", Role::extent}, {"keys_in", Role::array, Use::read}, {"keys_out", Role::array, Use::write}}};
constexpr std::array<LibraryOperand, 5> kSortPairs = {{{"n", Role::extent},
                                                       {"keys_in", Role::array, Use::read},
                                                       {"keys_out", Role::array, Use::write},
                                                       {"values_in", Role::array, Use::read},
                                                       {"values_out", Role::array, Use::write}}};

using Templates = TemplateArgs;
constexpr std::array<LibraryOpInfo, 26> kLibraryOps = {{
    {LibraryOp::cublas_gemm, Library::cublas, "cublas.gemm", "cublasGemmEx", Templates::op_a_op_b, kGemm},
    {LibraryOp::cublas_gemm_strided_batched, Library::cublas, "cublas.gemm_strided_batched",
     "cublasGemmStridedBatchedEx", Templates::op_a_op_b, kGemmStridedBatched},
    {LibraryOp::cublas_dot, Library::cublas, "cublas.dot", "cublasDotEx", Templates::none, kDot},
    {LibraryOp::cublas_nrm2, Library::cublas, "cublas.nrm2", "cublasNrm2Ex", Templates::none, kNrm2},
    {LibraryOp::cublas_axpy, Library::cublas, "cublas.axpy", "cublasAxpyEx", Templates::none, kAxpy},
    {LibraryOp::cublas_scal, Library::cublas, "cublas.scal", "cublasScalEx", Templates::none, kScal},
    {LibraryOp::cublas_copy, Library::cublas, "cublas.copy", "cublasCopyEx", Templates::none, kCopy},
    {LibraryOp::cublas_gemv, Library::cublas, "cublas.gemv", "cublas<t>gemv", Templates::op_a, kGemv},
    {LibraryOp::cusparse_spmv, Library::cusparse, "cusparse.spmv", "cusparseSpMV", Templates::op_a, kSpmv},
    {LibraryOp::cusparse_spmm, Library::cusparse, "cusparse.spmm", "cusparseSpMM", Templates::op_a, kSpmm},
    {LibraryOp::cublaslt_matmul, Library::cublaslt, "cublaslt.matmul", "cublasLtMatmul", Templates::op_a_op_b, kGemm},
    {LibraryOp::cublaslt_matmul_bias, Library::cublaslt, "cublaslt.matmul_bias", "cublasLtMatmul", Templates::op_a_op_b,
     kMatmulBias},
    {LibraryOp::cublaslt_matmul_relu, Library::cublaslt, "cublaslt.matmul_relu", "cublasLtMatmul", Templates::op_a_op_b,
     kGemm},
    {LibraryOp::cublaslt_matmul_bias_relu, Library::cublaslt, "cublaslt.matmul_bias_relu", "cublasLtMatmul",
     Templates::op_a_op_b, kMatmulBias},
    {LibraryOp::cublaslt_matmul_gelu, Library::cublaslt, "cublaslt.matmul_gelu", "cublasLtMatmul", Templates::op_a_op_b,
     kGemm},
    {LibraryOp::cublaslt_matmul_bias_gelu, Library::cublaslt, "cublaslt.matmul_bias_gelu", "cublasLtMatmul",
     Templates::op_a_op_b, kMatmulBias},
    {LibraryOp::cufft_c2c, Library::cufft, "cufft.c2c", "cufftExecC2C", Templates::direction, kFft},
    {LibraryOp::cufft_r2c, Library::cufft, "cufft.r2c", "cufftExecR2C", Templates::none, kFft},
    {LibraryOp::cufft_c2r, Library::cufft, "cufft.c2r", "cufftExecC2R", Templates::none, kFftC2r},
    {LibraryOp::cub_reduce_sum, Library::cub, "cub.reduce_sum", "cub::DeviceReduce::Sum", Templates::none, kReduce},
    {LibraryOp::cub_reduce_min, Library::cub, "cub.reduce_min", "cub::DeviceReduce::Min", Templates::none, kReduce},
    {LibraryOp::cub_reduce_max, Library::cub, "cub.reduce_max", "cub::DeviceReduce::Max", Templates::none, kReduce},
    {LibraryOp::cub_inclusive_sum, Library::cub, "cub.inclusive_sum", "cub::DeviceScan::InclusiveSum", Templates::none,
     kScan},
    {LibraryOp::cub_exclusive_sum, Library::cub, "cub.exclusive_sum", "cub::DeviceScan::ExclusiveSum", Templates::none,
     kScan},
    {LibraryOp::cub_radix_sort_keys, Library::cub, "cub.radix_sort_keys", "cub::DeviceRadixSort::SortKeys",
     Templates::none, kSortKeys},
    {LibraryOp::cub_radix_sort_pairs, Library::cub, "cub.radix_sort_pairs", "cub::DeviceRadixSort::SortPairs",
     Templates::none, kSortPairs},
}};

// The elements a vector of `length` elements `increment` apart spans (both below 2^31).
std::int64_t vector_span(std::int64_t length, std::int64_t increment) { return 1 + (length - 1) * increment; }

std::string trim(std::string_view text) {
  const auto space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  while (!text.empty() && space(text.front())) text.remove_prefix(1);
  while (!text.empty() && space(text.back())) text.remove_suffix(1);
  return std::string(text);
}

}  // namespace

std::span<const LibraryOpInfo> library_ops() { return kLibraryOps; }

const LibraryOpInfo* find_library_op(std::string_view name) {
  const auto* it =
      std::find_if(kLibraryOps.begin(), kLibraryOps.end(), [&](const LibraryOpInfo& op) { return op.name == name; });
  return it == kLibraryOps.end() ? nullptr : &*it;
}

const LibraryOpInfo& library_op_info(LibraryOp op) {
  return *std::find_if(kLibraryOps.begin(), kLibraryOps.end(),
                       [&](const LibraryOpInfo& info) { return info.op == op; });
}

std::uint32_t operand_index(LibraryOp op, std::string_view name) {
  const std::span<const LibraryOperand> operands = library_op_info(op).operands;
  const auto it = std::find_if(operands.begin(), operands.end(),
                               [&](const LibraryOperand& operand) { return operand.name == name; });
  return it == operands.end() ? UINT32_MAX : static_cast<std::uint32_t>(it - operands.begin());
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

bool is_matmul(LibraryOp op) {
  switch (op) {
    case LibraryOp::cublaslt_matmul:
    case LibraryOp::cublaslt_matmul_bias:
    case LibraryOp::cublaslt_matmul_relu:
    case LibraryOp::cublaslt_matmul_bias_relu:
    case LibraryOp::cublaslt_matmul_gelu:
    case LibraryOp::cublaslt_matmul_bias_gelu: return true;
    default: return false;
  }
}

bool is_fft(LibraryOp op) {
  return op == LibraryOp::cufft_c2c || op == LibraryOp::cufft_r2c || op == LibraryOp::cufft_c2r;
}

bool is_cub(LibraryOp op) {
  switch (op) {
    case LibraryOp::cub_reduce_sum:
    case LibraryOp::cub_reduce_min:
    case LibraryOp::cub_reduce_max:
    case LibraryOp::cub_inclusive_sum:
    case LibraryOp::cub_exclusive_sum:
    case LibraryOp::cub_radix_sort_keys:
    case LibraryOp::cub_radix_sort_pairs: return true;
    default: return false;
  }
}

bool has_plan(LibraryOp op) {
  return op == LibraryOp::cusparse_spmv || op == LibraryOp::cusparse_spmm || is_matmul(op) || is_fft(op) || is_cub(op);
}

std::optional<std::int64_t> fft_elements(const FftCall& fft, bool complex_side_halved) {
  std::int64_t dims[3] = {fft.nx, fft.ny, fft.nz};
  if (complex_side_halved) dims[fft.rank() - 1] = dims[fft.rank() - 1] / 2 + 1;
  std::int64_t out = fft.batch;
  for (const std::int64_t d : dims) {
    if (__builtin_mul_overflow(out, d, &out)) return std::nullopt;
  }
  return out;
}

bool is_gemm(LibraryOp op) {
  return op == LibraryOp::cublas_gemm || op == LibraryOp::cublas_gemm_strided_batched || is_matmul(op);
}

MatmulEpilogue matmul_epilogue(LibraryOp op) {
  switch (op) {
    case LibraryOp::cublaslt_matmul_bias: return MatmulEpilogue::bias;
    case LibraryOp::cublaslt_matmul_relu: return MatmulEpilogue::relu;
    case LibraryOp::cublaslt_matmul_bias_relu: return MatmulEpilogue::bias_relu;
    case LibraryOp::cublaslt_matmul_gelu: return MatmulEpilogue::gelu;
    case LibraryOp::cublaslt_matmul_bias_gelu: return MatmulEpilogue::bias_gelu;
    default: return MatmulEpilogue::none;
  }
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

std::optional<std::int64_t> operand_span(const LibraryCall& call, std::uint32_t index) {
  const LibraryOperand& operand = library_op_info(call.op).operands[index];
  if (operand.role == OperandRole::device_scalar) return 1;
  if (operand.role != OperandRole::array) return std::nullopt;
  const std::string_view name = operand.name;
  const VectorCall& v = call.vector;
  if (is_gemm(call.op)) {
    if (name == "bias") return call.gemm.m;  // one element per row of D
    return gemm_span(gemm_matrix(call.gemm, name[0]), call.gemm.batch);
  }
  if (is_cub(call.op)) return call.count;  // every array holds n items (a reduction's out is a device scalar)
  if (is_fft(call.op)) {
    // The complex side: r2c's out, c2r's in.
    const bool complex_side =
        (call.op == LibraryOp::cufft_r2c && name == "out") || (call.op == LibraryOp::cufft_c2r && name == "in");
    return fft_elements(call.fft, complex_side);
  }
  switch (call.op) {
    case LibraryOp::cublas_gemv:
      if (name == "A") return gemm_span(GemmMatrix{v.m, v.n, v.lda, 0}, 1);
      if (name == "x") return vector_span(v.transpose ? v.m : v.n, v.incx);
      return vector_span(v.transpose ? v.n : v.m, v.incy);
    case LibraryOp::cusparse_spmv:
    case LibraryOp::cusparse_spmm:
      if (name == "rowOffsets") return v.rows + 1;
      if (name == "colInd" || name == "values") return v.nnz;
      if (name == "x") return v.transpose ? v.rows : v.cols;
      if (name == "y") return v.transpose ? v.cols : v.rows;
      if (name == "B") return gemm_span(GemmMatrix{v.transpose ? v.rows : v.cols, v.n, v.ldb, 0}, 1);
      return gemm_span(GemmMatrix{v.transpose ? v.cols : v.rows, v.n, v.ldc, 0}, 1);  // C
    default: return vector_span(v.n, name == "x" ? v.incx : v.incy);                  // level 1
  }
}

}  // namespace graphc::ir
