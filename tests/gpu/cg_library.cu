#include "cg_library.h"

#include <cublas_v2.h>
#include <cusparse.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace graphc::test {
namespace {

void check(cudaError_t status, const char* call) {
  if (status != cudaSuccess) throw std::runtime_error(std::string(call) + ": " + cudaGetErrorString(status));
}
void check(cublasStatus_t status, const char* call) {
  if (status != CUBLAS_STATUS_SUCCESS)
    throw std::runtime_error(std::string(call) + ": " + cublasGetStatusString(status));
}
void check(cusparseStatus_t status, const char* call) {
  if (status != CUSPARSE_STATUS_SUCCESS)
    throw std::runtime_error(std::string(call) + ": " + cusparseGetErrorString(status));
}

// alpha = rr / pap and its negation.
__global__ void step_size(float* s) {
  s[cg_alpha] = s[cg_rr] / s[cg_pap];
  s[cg_minus_alpha] = -s[cg_alpha];
}

// beta = rr_new / rr, and rr_new becomes rr.
__global__ void direction_weight(float* s) {
  s[cg_beta] = s[cg_rr_new] / s[cg_rr];
  s[cg_rr] = s[cg_rr_new];
}

}  // namespace

struct CgLibraries::State {
  int n = 0;
  cusparseHandle_t sparse = nullptr;
  cusparseSpMatDescr_t matrix = nullptr;
  cublasHandle_t blas = nullptr;
  int* rows = nullptr;
  int* columns = nullptr;
  float* values = nullptr;
  void* spmv_buffer = nullptr;
  void* blas_workspace = nullptr;
  static constexpr std::size_t kWorkspace = std::size_t{4} << 20;
};

CgLibraries::CgLibraries(int n) : state_(std::make_unique<State>()) {
  State& s = *state_;
  s.n = n;
  // tridiag(-1, 4, -1) in CSR.
  std::vector<int> rows{0};
  std::vector<int> columns;
  std::vector<float> values;
  for (int i = 0; i < n; ++i) {
    for (int j = i - 1; j <= i + 1; ++j) {
      if (j < 0 || j >= n) continue;
      columns.push_back(j);
      values.push_back(i == j ? 4.0f : -1.0f);
    }
    rows.push_back(static_cast<int>(columns.size()));
  }
  check(cudaMalloc(&s.rows, rows.size() * sizeof(int)), "cudaMalloc");
  check(cudaMalloc(&s.columns, columns.size() * sizeof(int)), "cudaMalloc");
  check(cudaMalloc(&s.values, values.size() * sizeof(float)), "cudaMalloc");
  check(cudaMemcpy(s.rows, rows.data(), rows.size() * sizeof(int), cudaMemcpyHostToDevice), "cudaMemcpy");
  check(cudaMemcpy(s.columns, columns.data(), columns.size() * sizeof(int), cudaMemcpyHostToDevice), "cudaMemcpy");
  check(cudaMemcpy(s.values, values.data(), values.size() * sizeof(float), cudaMemcpyHostToDevice), "cudaMemcpy");
  check(cusparseCreate(&s.sparse), "cusparseCreate");
  check(cusparseCreateCsr(&s.matrix, n, n, static_cast<int64_t>(values.size()), s.rows, s.columns, s.values,
                          CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F),
        "cusparseCreateCsr");
  // The SpMV buffer, sized on placeholder vectors (its size depends on the matrix alone).
  float* placeholder = nullptr;
  check(cudaMalloc(&placeholder, 2 * static_cast<std::size_t>(n) * sizeof(float)), "cudaMalloc");
  cusparseDnVecDescr_t x = nullptr;
  cusparseDnVecDescr_t y = nullptr;
  check(cusparseCreateDnVec(&x, n, placeholder, CUDA_R_32F), "cusparseCreateDnVec");
  check(cusparseCreateDnVec(&y, n, placeholder + n, CUDA_R_32F), "cusparseCreateDnVec");
  const float one = 1.0f;
  const float zero = 0.0f;
  std::size_t bytes = 0;
  check(cusparseSpMV_bufferSize(s.sparse, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, s.matrix, x, &zero, y, CUDA_R_32F,
                                CUSPARSE_SPMV_ALG_DEFAULT, &bytes),
        "cusparseSpMV_bufferSize");
  cusparseDestroyDnVec(x);
  cusparseDestroyDnVec(y);
  cudaFree(placeholder);
  check(cudaMalloc(&s.spmv_buffer, bytes > 0 ? bytes : 1), "cudaMalloc");
  check(cublasCreate(&s.blas), "cublasCreate");
  check(cublasSetPointerMode(s.blas, CUBLAS_POINTER_MODE_DEVICE), "cublasSetPointerMode");
  check(cudaMalloc(&s.blas_workspace, State::kWorkspace), "cudaMalloc");
}

CgLibraries::~CgLibraries() {
  State& s = *state_;
  cublasDestroy(s.blas);
  cusparseDestroySpMat(s.matrix);
  cusparseDestroy(s.sparse);
  cudaFree(s.blas_workspace);
  cudaFree(s.spmv_buffer);
  cudaFree(s.values);
  cudaFree(s.columns);
  cudaFree(s.rows);
}

void CgLibraries::spmv(cudaStream_t stream, const float* p, float* ap) const {
  const State& s = *state_;
  cusparseDnVecDescr_t x = nullptr;
  cusparseDnVecDescr_t y = nullptr;
  check(cusparseCreateDnVec(&x, s.n, const_cast<float*>(p), CUDA_R_32F), "cusparseCreateDnVec");
  check(cusparseCreateDnVec(&y, s.n, ap, CUDA_R_32F), "cusparseCreateDnVec");
  const float one = 1.0f;
  const float zero = 0.0f;
  check(cusparseSetStream(s.sparse, stream), "cusparseSetStream");
  const cusparseStatus_t status = cusparseSpMV(s.sparse, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, s.matrix, x, &zero, y,
                                               CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, s.spmv_buffer);
  cusparseDestroyDnVec(x);
  cusparseDestroyDnVec(y);
  check(status, "cusparseSpMV");
}

void CgLibraries::update(cudaStream_t stream, float* x, float* r, float* p, const float* ap, float* scalars) const {
  const State& s = *state_;
  check(cublasSetStream(s.blas, stream), "cublasSetStream");
  check(cublasSetWorkspace(s.blas, s.blas_workspace, State::kWorkspace), "cublasSetWorkspace");
  check(cublasSdot(s.blas, s.n, p, 1, ap, 1, scalars + cg_pap), "cublasSdot");
  step_size<<<1, 1, 0, stream>>>(scalars);
  check(cublasSaxpy(s.blas, s.n, scalars + cg_alpha, p, 1, x, 1), "cublasSaxpy");
  check(cublasSaxpy(s.blas, s.n, scalars + cg_minus_alpha, ap, 1, r, 1), "cublasSaxpy");
  check(cublasSdot(s.blas, s.n, r, 1, r, 1, scalars + cg_rr_new), "cublasSdot");
  direction_weight<<<1, 1, 0, stream>>>(scalars);
  check(cublasSscal(s.blas, s.n, scalars + cg_beta, p, 1), "cublasSscal");
  check(cublasSaxpy(s.blas, s.n, scalars + cg_one, r, 1, p, 1), "cublasSaxpy");
}

}  // namespace graphc::test
