// graphc's cuSPARSE operations for capture nodes (`capture ap : cusparse.spmv(...)`,
// `cusparse.spmm`), shared by the runtime and the code `graphc compile` writes. Header-only: the CUDA runtime API and
// cuSPARSE's header. Every cuSPARSE call goes through a CusparseApi: the generated code
// passes linked_cusparse() (it links CUDA::cusparse), the runtime the library it loads with
// dlopen the first time a graph has a cuSPARSE capture node.
//
// Library state belongs to graphc: one cuSPARSE handle per instance (or generated graph),
// and per SpMV or SpMM node a plan: the CSR matrix's and the dense vectors' (or matrices')
// descriptors and the external buffer cusparseSpMV_bufferSize (cusparseSpMM_bufferSize)
// asks for, all made before any capture and freed with the instance. A capture only points
// the descriptors at the buffers' current memory (cusparseCsrSetPointers,
// cusparseDnVecSetValues, cusparseDnMatSetValues) and calls cusparseSpMV (cusparseSpMM).
#pragma once

#include <cuda_runtime_api.h>
#include <cusparse.h>

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "graphc/runtime_error.h"

namespace graphc {

/// The cuSPARSE entry points graphc calls (cusparse.h's functions).
struct CusparseApi {
  decltype(&cusparseCreate) create;
  decltype(&cusparseDestroy) destroy;
  decltype(&cusparseSetStream) set_stream;
  decltype(&cusparseCreateCsr) create_csr;
  decltype(&cusparseDestroySpMat) destroy_sp_mat;
  decltype(&cusparseCreateDnVec) create_dn_vec;
  decltype(&cusparseDestroyDnVec) destroy_dn_vec;
  decltype(&cusparseCsrSetPointers) csr_set_pointers;
  decltype(&cusparseDnVecSetValues) dn_vec_set_values;
  decltype(&cusparseSpMV_bufferSize) spmv_buffer_size;
  decltype(&cusparseSpMV) spmv;
  decltype(&cusparseCreateDnMat) create_dn_mat;
  decltype(&cusparseDestroyDnMat) destroy_dn_mat;
  decltype(&cusparseDnMatSetValues) dn_mat_set_values;
  decltype(&cusparseSpMM_bufferSize) spmm_buffer_size;
  decltype(&cusparseSpMM) spmm;
  decltype(&cusparseGetErrorName) error_name;
  decltype(&cusparseGetErrorString) error_string;
};

/// cuSPARSE's entry points as the program links them (CUDA::cusparse, which
/// graphc::generated links): what the code `graphc compile` writes passes to
/// CusparseLibrary::add_spmv.
inline const CusparseApi& linked_cusparse() {
  static const CusparseApi api{&cusparseCreate,
                               &cusparseDestroy,
                               &cusparseSetStream,
                               &cusparseCreateCsr,
                               &cusparseDestroySpMat,
                               &cusparseCreateDnVec,
                               &cusparseDestroyDnVec,
                               &cusparseCsrSetPointers,
                               &cusparseDnVecSetValues,
                               &cusparseSpMV_bufferSize,
                               &cusparseSpMV,
                               &cusparseCreateDnMat,
                               &cusparseDestroyDnMat,
                               &cusparseDnMatSetValues,
                               &cusparseSpMM_bufferSize,
                               &cusparseSpMM,
                               &cusparseGetErrorName,
                               &cusparseGetErrorString};
  return api;
}

/// A sparse matrix-vector product as `cusparse.spmv<OP>` describes it: y = alpha op(A) x +
/// beta y, A `rows` x `cols` in CSR with `nnz` nonzeros (i32 row offsets and column indices,
/// base 0), x of cols elements (rows when `transpose`), y of rows (cols).
struct SpmvShape {
  bool transpose = false;
  std::int64_t rows = 0, cols = 0, nnz = 0;
};

/// The memory of an SpMV, in device (or managed) memory: the CSR arrays and the vectors.
struct SpmvOperands {
  void* row_offsets = nullptr;
  void* col_ind = nullptr;
  void* values = nullptr;
  void* x = nullptr;
  void* y = nullptr;
};

/// A sparse matrix times a dense one as `cusparse.spmm<OP>` describes it: C = alpha op(A) B +
/// beta C, A `rows` x `cols` in CSR with `nnz` nonzeros (as SpmvShape), B and C column-major
/// with `n` columns: B cols x n (rows x n when `transpose`), leading dimension `ldb`; C rows
/// x n (cols x n), `ldc`.
struct SpmmShape {
  bool transpose = false;
  std::int64_t rows = 0, cols = 0, n = 0, nnz = 0, ldb = 0, ldc = 0;
};

/// The memory of an SpMM, in device (or managed) memory: the CSR arrays and B and C.
struct SpmmOperands {
  void* row_offsets = nullptr;
  void* col_ind = nullptr;
  void* values = nullptr;
  void* b = nullptr;
  void* c = nullptr;
};

/// A cuSPARSE handle and the SpMV and SpMM plans of the capture nodes that use it. Created empty;
/// add_spmv allocates before any capture begins. Move-only; destroys the descriptors, frees
/// the buffers and destroys the handle, so it must outlive every exec whose nodes use them.
class CusparseLibrary {
 public:
  CusparseLibrary() = default;
  CusparseLibrary(CusparseLibrary&& other) noexcept
      : api_(std::exchange(other.api_, nullptr)),
        handle_(std::exchange(other.handle_, nullptr)),
        plans_(std::move(other.plans_)) {}
  CusparseLibrary& operator=(CusparseLibrary&& other) noexcept {
    if (this != &other) {
      release();
      api_ = std::exchange(other.api_, nullptr);
      handle_ = std::exchange(other.handle_, nullptr);
      plans_ = std::move(other.plans_);
    }
    return *this;
  }
  CusparseLibrary(const CusparseLibrary&) = delete;
  CusparseLibrary& operator=(const CusparseLibrary&) = delete;
  ~CusparseLibrary() { release(); }

  /// Creates the handle through `api` (cusparseCreate) if there is none yet, then the plan of
  /// one SpMV of `shape` on values and vectors of `type` (CUDA_R_32F or CUDA_R_64F) over
  /// `operands`: the CSR and dense-vector descriptors and the external buffer
  /// (cusparseSpMV_bufferSize for CUSPARSE_SPMV_CSR_ALG1, then cudaMalloc; the same message
  /// names a failed cudaMalloc of either operation's buffer). Returns the plan's
  /// index for spmv(). Throws graphc::Error R0001 naming `node` at `location` when a call
  /// fails; what it made by then is freed with this object.
  std::size_t add_spmv(const CusparseApi& api, cudaDataType type, const SpmvShape& shape, const SpmvOperands& operands,
                       const char* node, const char* location) {
    Plan& plan = new_plan(api, type, shape.transpose, node, location);
    csr(api, plan, shape.rows, shape.cols, shape.nnz, operands.row_offsets, operands.col_ind, operands.values, node,
        location);
    const std::int64_t x_size = shape.transpose ? shape.rows : shape.cols;
    const std::int64_t y_size = shape.transpose ? shape.cols : shape.rows;
    check(api, api.create_dn_vec(&plan.x, x_size, operands.x, type), "cusparseCreateDnVec", node, location);
    check(api, api.create_dn_vec(&plan.y, y_size, operands.y, type), "cusparseCreateDnVec", node, location);
    const Scalars one_zero(type, 1.0, 0.0);
    std::size_t bytes = 0;
    check(api,
          api.spmv_buffer_size(handle_, plan.operation(), one_zero.alpha(), plan.matrix, plan.x, one_zero.beta(),
                               plan.y, type, CUSPARSE_SPMV_CSR_ALG1, &bytes),
          "cusparseSpMV_bufferSize", node, location);
    allocate_buffer(plan, bytes, node, location);
    return plans_.size() - 1;
  }

  /// The same for one SpMM of `shape` (CUSPARSE_SPMM_ALG_DEFAULT; B and C described
  /// column-major, cusparseSpMM_bufferSize's buffer). Returns the plan's index for spmm().
  std::size_t add_spmm(const CusparseApi& api, cudaDataType type, const SpmmShape& shape, const SpmmOperands& operands,
                       const char* node, const char* location) {
    Plan& plan = new_plan(api, type, shape.transpose, node, location);
    csr(api, plan, shape.rows, shape.cols, shape.nnz, operands.row_offsets, operands.col_ind, operands.values, node,
        location);
    const std::int64_t b_rows = shape.transpose ? shape.rows : shape.cols;
    const std::int64_t c_rows = shape.transpose ? shape.cols : shape.rows;
    check(api, api.create_dn_mat(&plan.b, b_rows, shape.n, shape.ldb, operands.b, type, CUSPARSE_ORDER_COL),
          "cusparseCreateDnMat", node, location);
    check(api, api.create_dn_mat(&plan.c, c_rows, shape.n, shape.ldc, operands.c, type, CUSPARSE_ORDER_COL),
          "cusparseCreateDnMat", node, location);
    const Scalars one_zero(type, 1.0, 0.0);
    std::size_t bytes = 0;
    check(api,
          api.spmm_buffer_size(handle_, plan.operation(), CUSPARSE_OPERATION_NON_TRANSPOSE, one_zero.alpha(),
                               plan.matrix, plan.b, one_zero.beta(), plan.c, type, CUSPARSE_SPMM_ALG_DEFAULT, &bytes),
          "cusparseSpMM_bufferSize", node, location);
    allocate_buffer(plan, bytes, node, location);
    return plans_.size() - 1;
  }

  /// cusparseSpMV of plan `plan` (add_spmv's) on `stream`, its descriptors pointed at
  /// `operands` first, alpha and beta by value (CUSPARSE_POINTER_MODE_HOST) converted to
  /// the plan's type. Allowed while `stream` captures. Throws std::runtime_error naming the
  /// failed call and cuSPARSE's status.
  void spmv(cudaStream_t stream, std::size_t plan_index, float alpha, const SpmvOperands& operands, float beta) const {
    const Plan& plan = plans_.at(plan_index);
    point(stream, plan, operands.row_offsets, operands.col_ind, operands.values);
    check(api_->dn_vec_set_values(plan.x, operands.x), "cusparseDnVecSetValues");
    check(api_->dn_vec_set_values(plan.y, operands.y), "cusparseDnVecSetValues");
    const Scalars scalars(plan.type, alpha, beta);
    check(api_->spmv(handle_, plan.operation(), scalars.alpha(), plan.matrix, plan.x, scalars.beta(), plan.y, plan.type,
                     CUSPARSE_SPMV_CSR_ALG1, plan.buffer),
          "cusparseSpMV");
  }

  /// cusparseSpMM of plan `plan` (add_spmm's) on `stream`, as spmv() does cusparseSpMV.
  void spmm(cudaStream_t stream, std::size_t plan_index, float alpha, const SpmmOperands& operands, float beta) const {
    const Plan& plan = plans_.at(plan_index);
    point(stream, plan, operands.row_offsets, operands.col_ind, operands.values);
    check(api_->dn_mat_set_values(plan.b, operands.b), "cusparseDnMatSetValues");
    check(api_->dn_mat_set_values(plan.c, operands.c), "cusparseDnMatSetValues");
    const Scalars scalars(plan.type, alpha, beta);
    check(api_->spmm(handle_, plan.operation(), CUSPARSE_OPERATION_NON_TRANSPOSE, scalars.alpha(), plan.matrix, plan.b,
                     scalars.beta(), plan.c, plan.type, CUSPARSE_SPMM_ALG_DEFAULT, plan.buffer),
          "cusparseSpMM");
  }

  /// Bytes of device memory it holds for its nodes (each SpMV and SpMM plan's external buffer): what Instance::memory()
  /// reports as workspaces.
  std::size_t device_bytes() const {
    std::size_t bytes = 0;
    for (const Plan& plan : plans_) bytes += plan.buffer_bytes;
    return bytes;
  }

 private:
  struct Plan {
    cudaDataType type = CUDA_R_32F;
    bool transpose = false;
    cusparseSpMatDescr_t matrix = nullptr;
    cusparseDnVecDescr_t x = nullptr;  // SpMV
    cusparseDnVecDescr_t y = nullptr;
    cusparseDnMatDescr_t b = nullptr;  // SpMM
    cusparseDnMatDescr_t c = nullptr;
    void* buffer = nullptr;
    std::size_t buffer_bytes = 0;
    cusparseOperation_t operation() const {
      return transpose ? CUSPARSE_OPERATION_TRANSPOSE : CUSPARSE_OPERATION_NON_TRANSPOSE;
    }
  };

  // alpha and beta as cuSPARSE reads them for a computation in `type`: float or double.
  struct Scalars {
    Scalars(cudaDataType type, double alpha, double beta)
        : wide(type == CUDA_R_64F), f{static_cast<float>(alpha), static_cast<float>(beta)}, d{alpha, beta} {}
    const void* alpha() const { return wide ? static_cast<const void*>(&d[0]) : &f[0]; }
    const void* beta() const { return wide ? static_cast<const void*>(&d[1]) : &f[1]; }
    bool wide;
    float f[2];
    double d[2];
  };

  // A new plan, after the handle (cusparseCreate) if there is none yet.
  Plan& new_plan(const CusparseApi& api, cudaDataType type, bool transpose, const char* node, const char* location) {
    if (handle_ == nullptr) {
      api_ = &api;
      if (const cusparseStatus_t status = api.create(&handle_); status != CUSPARSE_STATUS_SUCCESS) {
        handle_ = nullptr;
        check(api, status, "cusparseCreate", node, location);
      }
    }
    plans_.push_back(Plan{type, transpose});
    return plans_.back();
  }

  // The plan's CSR matrix: i32 offsets and indices, base 0.
  static void csr(const CusparseApi& api, Plan& plan, std::int64_t rows, std::int64_t cols, std::int64_t nnz,
                  void* row_offsets, void* col_ind, void* values, const char* node, const char* location) {
    check(api,
          api.create_csr(&plan.matrix, rows, cols, nnz, row_offsets, col_ind, values, CUSPARSE_INDEX_32I,
                         CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, plan.type),
          "cusparseCreateCsr", node, location);
  }

  // The external buffer of `bytes` the library asked for (none for 0).
  static void allocate_buffer(Plan& plan, std::size_t bytes, const char* node, const char* location) {
    if (bytes == 0) return;
    if (const cudaError_t status = cudaMalloc(&plan.buffer, bytes); status != cudaSuccess) {
      plan.buffer = nullptr;
      cudaGetLastError();
      cuda_failure(cudaGetErrorName(status), cudaGetErrorString(status), "cudaMalloc of a cuSPARSE buffer", node,
                   location);
    }
    plan.buffer_bytes = bytes;
  }

  // The handle on `stream`, the plan's matrix at the CSR arrays' current memory.
  void point(cudaStream_t stream, const Plan& plan, void* row_offsets, void* col_ind, void* values) const {
    check(api_->set_stream(handle_, stream), "cusparseSetStream");
    check(api_->csr_set_pointers(plan.matrix, row_offsets, col_ind, values), "cusparseCsrSetPointers");
  }

  static void check(const CusparseApi& api, cusparseStatus_t status, const char* call, const char* node,
                    const char* location) {
    if (status != CUSPARSE_STATUS_SUCCESS)
      cuda_failure(api.error_name(status), api.error_string(status), call, node, location);
  }
  void check(cusparseStatus_t status, const char* call) const {
    if (status == CUSPARSE_STATUS_SUCCESS) return;
    throw std::runtime_error(std::string(call) + ": " + api_->error_name(status) + " (" + api_->error_string(status) +
                             ")");
  }

  void release() {
    for (Plan& plan : plans_) {
      if (plan.buffer != nullptr) cudaFree(plan.buffer);
      if (plan.c != nullptr) api_->destroy_dn_mat(plan.c);
      if (plan.b != nullptr) api_->destroy_dn_mat(plan.b);
      if (plan.y != nullptr) api_->destroy_dn_vec(plan.y);
      if (plan.x != nullptr) api_->destroy_dn_vec(plan.x);
      if (plan.matrix != nullptr) api_->destroy_sp_mat(plan.matrix);
    }
    plans_.clear();
    if (handle_ != nullptr) api_->destroy(std::exchange(handle_, nullptr));
  }

  const CusparseApi* api_ = nullptr;
  cusparseHandle_t handle_ = nullptr;
  std::vector<Plan> plans_;
};

}  // namespace graphc
