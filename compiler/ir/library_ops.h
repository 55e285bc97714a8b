// graphc's built-in library operations: what a capture node may call by a dotted name
// (`capture qkv : cublas.gemm<N, N>(...)`), with the operands each takes. One table serves
// the validator (which checks every operand against it), the race analysis (what each
// operand reads and writes, and how far), the runtime (which calls the library on the
// capturing stream) and the C++ back end (which writes the same call).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ir/types.h"

namespace graphc::ir {

/// A built-in operation, or `none` for a function the host program registers.
enum class LibraryOp : std::uint8_t {
  none,
  cublas_gemm,                  // cublasGemmEx
  cublas_gemm_strided_batched,  // cublasGemmStridedBatchedEx
  cublas_dot,                   // cublasDotEx, device pointer mode
  cublas_nrm2,                  // cublasNrm2Ex, device pointer mode
  cublas_axpy,                  // cublasAxpyEx, device pointer mode
  cublas_scal,                  // cublasScalEx, device pointer mode
  cublas_copy,                  // cublasCopyEx
  cublas_gemv,                  // cublasSgemv / cublasDgemv, device pointer mode
  cusparse_spmv,                // cusparseSpMV on a CSR matrix
  cusparse_spmm,                // cusparseSpMM: a CSR matrix times a dense one
  cublaslt_matmul,              // cublasLtMatmul, no epilogue
  cublaslt_matmul_bias,         // cublasLtMatmul, CUBLASLT_EPILOGUE_BIAS
  cublaslt_matmul_relu,         // CUBLASLT_EPILOGUE_RELU
  cublaslt_matmul_bias_relu,    // CUBLASLT_EPILOGUE_RELU_BIAS
  cublaslt_matmul_gelu,         // CUBLASLT_EPILOGUE_GELU
  cublaslt_matmul_bias_gelu,    // CUBLASLT_EPILOGUE_GELU_BIAS
  cufft_c2c,                    // cufftExecC2C / cufftExecZ2Z
  cufft_r2c,                    // cufftExecR2C / cufftExecD2Z
  cufft_c2r,                    // cufftExecC2R / cufftExecZ2D
  cub_reduce_sum,               // cub::DeviceReduce::Sum
  cub_reduce_min,               // cub::DeviceReduce::Min
  cub_reduce_max,               // cub::DeviceReduce::Max
  cub_inclusive_sum,            // cub::DeviceScan::InclusiveSum
  cub_exclusive_sum,            // cub::DeviceScan::ExclusiveSum
  cub_radix_sort_keys,          // cub::DeviceRadixSort::SortKeys
  cub_radix_sort_pairs,         // cub::DeviceRadixSort::SortPairs
};

/// The library an operation belongs to.
enum class Library : std::uint8_t { cublas, cusparse, cublaslt, cufft, cub };

/// What an operand of a library operation is.
enum class OperandRole : std::uint8_t {
  extent,         // a compile-time integer from 1 to INT32_MAX (a size, leading dimension or increment)
  stride,         // a compile-time integer from 0 to INT64_MAX (elements between batch members)
  scalar,         // an f32 value or param (alpha, beta), by value (host pointer mode)
  array,          // a buffer in device or managed memory (`buf` or `buf + k`): a matrix or vector
  device_scalar,  // one element of a buffer in device or managed memory (device pointer mode)
};

/// What an operation does with an operand that passes memory.
enum class OperandUse : std::uint8_t { none, read, write, read_write };

struct LibraryOperand {
  std::string_view name;  // as the library's documentation names it: m, n, k, alpha, A, lda, ...
  OperandRole role;
  OperandUse use = OperandUse::none;
};

/// Which template arguments an operation takes: none, op(A) (`<N>` or `<T>`), op(A) and
/// op(B) (`<N, T>`), or an FFT's direction (`<FORWARD>` or `<INVERSE>`, required).
enum class TemplateArgs : std::uint8_t { none, op_a, op_a_op_b, direction };

struct LibraryOpInfo {
  LibraryOp op;
  Library library;
  std::string_view name;  // `cublas.gemm`
  std::string_view cuda;  // the library function it calls: `cublasGemmEx`
  TemplateArgs template_args;
  std::span<const LibraryOperand> operands;
};

/// Every built-in operation, in the order the docs list them.
std::span<const LibraryOpInfo> library_ops();

/// The operation called `name` (without template arguments), or nullptr.
const LibraryOpInfo* find_library_op(std::string_view name);
/// The table's entry of `op`, which is not none.
const LibraryOpInfo& library_op_info(LibraryOp op);
/// The position of operand `name` of `op`; UINT32_MAX when it has none of that name.
std::uint32_t operand_index(LibraryOp op, std::string_view name);

/// Whether a capture node's function names a library operation: a dotted name
/// (`library.operation`) rather than a C++ name the host program registers.
bool is_library_function(std::string_view function);

/// A capture function split into its name and its template arguments, each trimmed:
/// `cublas.gemm<T, N>` -> {"cublas.gemm", {"T", "N"}}.
struct LibraryFunction {
  std::string name;
  std::vector<std::string> template_args;
  bool has_template_args = false;
};
LibraryFunction split_library_function(std::string_view function);

/// Whether `op` is one of cuBLASLt's matmuls (a GEMM with an epilogue, and a plan).
bool is_matmul(LibraryOp op);
/// Whether `op` is one of cuFFT's transforms.
bool is_fft(LibraryOp op);
/// Whether `op` is one of CUB's device-wide algorithms (a reduction, a scan or a radix sort),
/// whose temporary storage graphc queries and owns.
bool is_cub(LibraryOp op);
/// Whether `op` keeps a plan made at instantiate (descriptors, an algorithm, a workspace of
/// the size it asks for) rather than a cuBLAS workspace: the cuSPARSE, cuBLASLt, cuFFT and
/// CUB operations (CUB's plan is its temporary storage).
bool has_plan(LibraryOp op);
/// Whether `op` is a GEMM: cuBLAS's two or cuBLASLt's matmuls, which take a GEMM's operands.
bool is_gemm(LibraryOp op);

/// What a cuBLASLt matmul applies to alpha * op(A) * op(B) + beta * C before it stores D
/// (= C): nothing, a bias vector of m elements added to every column, ReLU, or GELU (the
/// tanh approximation), alone or after the bias.
enum class MatmulEpilogue : std::uint8_t { none, bias, relu, bias_relu, gelu, bias_gelu };
/// The epilogue of `op`, a matmul.
MatmulEpilogue matmul_epilogue(LibraryOp op);

/// The operand positions of a GEMM's arguments, for every GEMM (is_gemm).
struct GemmOperands {
  std::uint32_t m, n, k, alpha, a, lda, stride_a, b, ldb, stride_b, beta, c, ldc, stride_c, batch;
};
/// The positions for `op` (is_gemm); for all but cublas_gemm_strided_batched the stride and
/// batch positions are UINT32_MAX (none). A matmul's bias follows ldc.
GemmOperands gemm_operands(LibraryOp op);

/// A GEMM as the validator resolved it: C = alpha * op(A) * op(B) + beta * C, column-major,
/// op(A) m x k, op(B) k x n, C m x n, `batch` times with the strides (in elements) between
/// one member's matrices and the next's. The operands a, b, c, alpha and beta are read from
/// the node's resolved arguments at the positions of gemm_operands.
struct GemmCall {
  bool transpose_a = false;
  bool transpose_b = false;
  std::int64_t m = 0, n = 0, k = 0, lda = 0, ldb = 0, ldc = 0;
  std::int64_t stride_a = 0, stride_b = 0, stride_c = 0, batch = 1;
};

/// One matrix of a GEMM as stored (column-major): `rows` x `cols`, `ld` elements from one
/// column to the next, `stride` elements from one member of a batch to the next.
struct GemmMatrix {
  std::int64_t rows = 0, cols = 0, ld = 0, stride = 0;
};
/// Matrix 'A', 'B' or 'C' of `gemm`: op(A) = A or its transpose is m x k, op(B) k x n, C m x n.
GemmMatrix gemm_matrix(const GemmCall& gemm, char matrix);
/// The elements `matrix` spans from its argument's offset: ld * (cols - 1) + rows for one
/// member, then `stride` more for each further member of the `batch`; nullopt past 2^63.
std::optional<std::int64_t> gemm_span(const GemmMatrix& matrix, std::int64_t batch);

/// A cuBLAS level 1 or 2 operation or a sparse product as the validator resolved it, in
/// the library's terms. Level 1: n elements of x and y, incx and incy apart. gemv: y =
/// alpha op(A) x + beta y with A m x n column-major (lda), x of n elements (m for op T), y
/// of m (n). spmv: y = alpha op(A) x + beta y with A rows x cols in CSR with nnz nonzeros, x
/// of cols elements (rows for op T), y of rows (cols). spmm: C = alpha op(A) B + beta C, B
/// and C column-major with n columns: B cols x n (rows x n for op T, leading dimension ldb),
/// C rows x n (cols x n, ldc).
struct VectorCall {
  bool transpose = false;
  std::int64_t m = 0, n = 0, lda = 0, incx = 1, incy = 1;  // BLAS; n is also SpMM's columns
  std::int64_t rows = 0, cols = 0, nnz = 0;                // SpMV, SpMM
  std::int64_t ldb = 0, ldc = 0;                           // SpMM
};

/// An FFT as the validator resolved it: `batch` transforms of nx x ny x nz values (row-major,
/// nz fastest), of rank 3, 2 (nz = 1) or 1 (ny = nz = 1), as cufftMakePlanMany takes them.
/// The complex side of r2c and c2r holds n/2 + 1 values of the last dimension of more than
/// one value (nz, else ny, else nx).
struct FftCall {
  bool inverse = false;  // c2c's direction: CUFFT_INVERSE; r2c is forward, c2r inverse
  std::int64_t nx = 1, ny = 1, nz = 1, batch = 1;
  /// The dimensions cuFFT is given: those up to the last of more than one value (nx alone
  /// when all are 1).
  int rank() const { return nz > 1 ? 3 : ny > 1 ? 2 : 1; }
};
/// The elements of one side of `fft`'s batch: the real side (and both of c2c) nx ny nz
/// batch, the complex side of r2c and c2r with the last dimension halved; nullopt past 2^63.
std::optional<std::int64_t> fft_elements(const FftCall& fft, bool complex_side_halved);

/// A capture node's resolved library operation.
struct LibraryCall {
  LibraryOp op = LibraryOp::none;
  ScalarType type = ScalarType::f32;        // the data's (an FFT's precision: f32 or f64; a sort's keys)
  ScalarType value_type = ScalarType::u32;  // a radix sort's values (SortPairs)
  std::int64_t count = 0;                   // a CUB algorithm's items (n)
  GemmCall gemm;                            // op is a GEMM
  VectorCall vector;                        // a level 1 or 2 or sparse op
  FftCall fft;                              // an FFT
};

/// The elements operand `index` of `call` reaches from its argument's offset (its matrix's
/// or vector's span, 1 for a device scalar); nullopt for an operand that passes no memory,
/// or a span past 2^63.
std::optional<std::int64_t> operand_span(const LibraryCall& call, std::uint32_t index);

}  // namespace graphc::ir
