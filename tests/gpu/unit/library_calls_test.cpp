// The host side of the library operations, with no GPU: graphc/cusparse_ops.h and
// graphc/cublas_ops.h call the libraries only through their Api structs, so fakes that
// record what they are given stand in for cuSPARSE and cuBLAS. An SpMV plan's descriptors
// have the sizes of its shape (x and y swapped by <T>), a capture points them at the
// operands' current memory before cusparseSpMV, alpha and beta reach it in the plan's
// type, and a plan whose making fails frees what it made; each level 1 and 2 call reaches
// its cuBLAS function in device pointer mode with the shape's sizes.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "graphc/cublas_ops.h"
#include "graphc/cusparse_ops.h"
#include "graphc/error.h"

namespace graphc {
namespace {

// What the fake cuSPARSE saw, and the status its vector descriptors return.
struct SparseLog {
  int handles = 0, matrices = 0, vectors = 0;  // alive
  std::vector<std::int64_t> vector_sizes;
  std::int64_t rows = 0, cols = 0, nnz = 0;
  void* x = nullptr;
  void* y = nullptr;
  double alpha = 0, beta = 0;
  cusparseOperation_t op = CUSPARSE_OPERATION_NON_TRANSPOSE;
  cusparseStatus_t vector_status = CUSPARSE_STATUS_SUCCESS;
  int calls = 0;
};
SparseLog sparse;

auto* const kHandle = reinterpret_cast<cusparseHandle_t>(std::uintptr_t{0x10});

CusparseApi fake_cusparse() {
  CusparseApi api{};
  api.create = [](cusparseHandle_t* h) {
    ++sparse.handles;
    *h = kHandle;
    return CUSPARSE_STATUS_SUCCESS;
  };
  api.destroy = [](cusparseHandle_t) {
    --sparse.handles;
    return CUSPARSE_STATUS_SUCCESS;
  };
  api.set_stream = [](cusparseHandle_t, cudaStream_t) { return CUSPARSE_STATUS_SUCCESS; };
  api.create_csr = [](cusparseSpMatDescr_t* m, std::int64_t rows, std::int64_t cols, std::int64_t nnz, void*, void*,
                      void*, cusparseIndexType_t, cusparseIndexType_t, cusparseIndexBase_t, cudaDataType) {
    ++sparse.matrices;
    sparse.rows = rows;
    sparse.cols = cols;
    sparse.nnz = nnz;
    *m = reinterpret_cast<cusparseSpMatDescr_t>(std::uintptr_t{0x20});
    return CUSPARSE_STATUS_SUCCESS;
  };
  api.destroy_sp_mat = [](cusparseConstSpMatDescr_t) {
    --sparse.matrices;
    return CUSPARSE_STATUS_SUCCESS;
  };
  api.create_dn_vec = [](cusparseDnVecDescr_t* v, std::int64_t size, void*, cudaDataType) {
    if (sparse.vector_status != CUSPARSE_STATUS_SUCCESS) return sparse.vector_status;
    ++sparse.vectors;
    sparse.vector_sizes.push_back(size);
    *v = reinterpret_cast<cusparseDnVecDescr_t>(std::uintptr_t{0x30} + sparse.vector_sizes.size());
    return CUSPARSE_STATUS_SUCCESS;
  };
  api.destroy_dn_vec = [](cusparseConstDnVecDescr_t) {
    --sparse.vectors;
    return CUSPARSE_STATUS_SUCCESS;
  };
  api.csr_set_pointers = [](cusparseSpMatDescr_t, void*, void*, void*) { return CUSPARSE_STATUS_SUCCESS; };
  api.dn_vec_set_values = [](cusparseDnVecDescr_t v, void* values) {
    (v == reinterpret_cast<cusparseDnVecDescr_t>(std::uintptr_t{0x31}) ? sparse.x : sparse.y) = values;
    return CUSPARSE_STATUS_SUCCESS;
  };
  api.spmv_buffer_size = [](cusparseHandle_t, cusparseOperation_t, const void*, cusparseConstSpMatDescr_t,
                            cusparseConstDnVecDescr_t, const void*, cusparseDnVecDescr_t, cudaDataType,
                            cusparseSpMVAlg_t, std::size_t* bytes) {
    *bytes = 0;  // no cudaMalloc, which needs a GPU
    return CUSPARSE_STATUS_SUCCESS;
  };
  api.spmv = [](cusparseHandle_t, cusparseOperation_t op, const void* alpha, cusparseConstSpMatDescr_t,
                cusparseConstDnVecDescr_t, const void* beta, cusparseDnVecDescr_t, cudaDataType type, cusparseSpMVAlg_t,
                void*) {
    ++sparse.calls;
    sparse.op = op;
    const bool wide = type == CUDA_R_64F;
    sparse.alpha = wide ? *static_cast<const double*>(alpha) : *static_cast<const float*>(alpha);
    sparse.beta = wide ? *static_cast<const double*>(beta) : *static_cast<const float*>(beta);
    return CUSPARSE_STATUS_SUCCESS;
  };
  api.error_name = [](cusparseStatus_t) { return "CUSPARSE_STATUS_ALLOC_FAILED"; };
  api.error_string = [](cusparseStatus_t) { return "resource allocation failed"; };
  return api;
}

TEST_CASE("an SpMV plan has its shape's descriptors and points them at the operands of each call", "[runtime]") {
  sparse = SparseLog{};
  const CusparseApi api = fake_cusparse();
  float x1 = 0, y1 = 0, x2 = 0, y2 = 0;
  {
    CusparseLibrary library;
    const SpmvShape shape{true, 300, 500, 900};  // <T>: x has rows elements, y cols
    const std::size_t plan =
        library.add_spmv(api, CUDA_R_64F, shape, SpmvOperands{nullptr, nullptr, nullptr, &x1, &y1}, "mv", "g:1:1");
    CHECK(plan == 0);
    CHECK((sparse.rows == 300 && sparse.cols == 500 && sparse.nnz == 900));
    CHECK(sparse.vector_sizes == std::vector<std::int64_t>{300, 500});
    CHECK((sparse.handles == 1 && sparse.matrices == 1 && sparse.vectors == 2));

    library.spmv(nullptr, plan, 2.5f, SpmvOperands{nullptr, nullptr, nullptr, &x2, &y2}, 0.5f);
    CHECK(sparse.calls == 1);
    CHECK(sparse.op == CUSPARSE_OPERATION_TRANSPOSE);
    CHECK((sparse.x == &x2 && sparse.y == &y2));         // the current memory, not the plan's first
    CHECK((sparse.alpha == 2.5 && sparse.beta == 0.5));  // read as doubles for CUDA_R_64F
  }
  CHECK((sparse.handles == 0 && sparse.matrices == 0 && sparse.vectors == 0));  // all freed
}

TEST_CASE("an SpMV plan that cannot be made is R0001 naming the node, and frees what it made", "[runtime]") {
  sparse = SparseLog{};
  sparse.vector_status = CUSPARSE_STATUS_ALLOC_FAILED;
  const CusparseApi api = fake_cusparse();
  {
    CusparseLibrary library;
    try {
      (void)library.add_spmv(api, CUDA_R_32F, SpmvShape{false, 4, 4, 4}, SpmvOperands{}, "spmv", "cg.graph:12:5");
      FAIL("add_spmv did not throw");
    } catch (const Error& e) {
      CHECK(e.code() == "R0001");
      const std::string text = e.what();
      CHECK(text.find("cg.graph:12:5") != std::string::npos);
      CHECK(text.find("'spmv'") != std::string::npos);
      CHECK(text.find("cusparseCreateDnVec") != std::string::npos);
      CHECK(text.find("CUSPARSE_STATUS_ALLOC_FAILED") != std::string::npos);
    }
    CHECK(sparse.matrices == 1);  // made before the failure, held until the library goes
  }
  CHECK((sparse.handles == 0 && sparse.matrices == 0 && sparse.vectors == 0));
}

// What the fake cuBLAS saw.
struct BlasLog {
  cublasPointerMode_t mode = CUBLAS_POINTER_MODE_HOST;
  const char* called = "";
  int n = 0, m = 0, incx = 0, incy = 0, lda = 0;
  cudaDataType type = CUDA_R_16F;
  cublasOperation_t op = CUBLAS_OP_N;
  const void* x = nullptr;
  const void* result = nullptr;
};
BlasLog blas;

CublasApi fake_cublas() {
  CublasApi api{};
  api.set_pointer_mode = [](cublasHandle_t, cublasPointerMode_t mode) {
    blas.mode = mode;
    return CUBLAS_STATUS_SUCCESS;
  };
  api.dot = [](cublasHandle_t, int n, const void* x, cudaDataType type, int incx, const void*, cudaDataType, int incy,
               void* result, cudaDataType, cudaDataType) {
    blas = BlasLog{blas.mode, "dot", n, 0, incx, incy, 0, type, CUBLAS_OP_N, x, result};
    return CUBLAS_STATUS_SUCCESS;
  };
  api.sgemv = [](cublasHandle_t, cublasOperation_t op, int m, int n, const float*, const float*, int lda,
                 const float* x, int incx, const float*, float*, int incy) {
    blas = BlasLog{blas.mode, "sgemv", n, m, incx, incy, lda, CUDA_R_32F, op, x, nullptr};
    return CUBLAS_STATUS_SUCCESS;
  };
  api.dgemv = [](cublasHandle_t, cublasOperation_t op, int m, int n, const double*, const double*, int lda,
                 const double* x, int incx, const double*, double*, int incy) {
    blas = BlasLog{blas.mode, "dgemv", n, m, incx, incy, lda, CUDA_R_64F, op, x, nullptr};
    return CUBLAS_STATUS_SUCCESS;
  };
  return api;
}

TEST_CASE("level 1 and gemv calls reach cuBLAS in device pointer mode with their shapes", "[runtime]") {
  const CublasApi api = fake_cublas();
  const CublasCall call{&api, nullptr};
  double x[8] = {};
  double result = 0;
  cublas_blas(call, CUDA_R_64F, BlasShape{BlasOp::dot, false, 0, 4, 0, 2, 1}, {.x = x, .y = x, .result = &result});
  CHECK(std::string(blas.called) == "dot");
  CHECK(blas.mode == CUBLAS_POINTER_MODE_DEVICE);
  CHECK((blas.n == 4 && blas.incx == 2 && blas.incy == 1 && blas.type == CUDA_R_64F));
  CHECK((blas.x == x && blas.result == &result));

  blas.mode = CUBLAS_POINTER_MODE_HOST;
  cublas_blas(call, CUDA_R_32F, BlasShape{BlasOp::gemv, true, 30, 40, 30, 1, 1}, {.x = x, .y = x});
  CHECK(std::string(blas.called) == "sgemv");
  CHECK(blas.mode == CUBLAS_POINTER_MODE_DEVICE);
  CHECK((blas.op == CUBLAS_OP_T && blas.m == 30 && blas.n == 40 && blas.lda == 30));
  cublas_blas(call, CUDA_R_64F, BlasShape{BlasOp::gemv, false, 30, 40, 30, 1, 1}, {.x = x, .y = x});
  CHECK(std::string(blas.called) == "dgemv");
  CHECK(blas.op == CUBLAS_OP_N);
}

}  // namespace
}  // namespace graphc
