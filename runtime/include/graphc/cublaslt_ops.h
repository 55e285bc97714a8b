// graphc's cuBLASLt operations for capture nodes (`capture h : cublaslt.matmul_bias_gelu<T, N>(...)`),
// shared by the runtime and the code `graphc compile` writes. Header-only: the CUDA runtime
// API and cuBLASLt's header. Every cuBLASLt call goes through a CublasLtApi: the generated
// code passes linked_cublaslt() (it links CUDA::cublasLt), the runtime the library it loads
// with dlopen the first time a graph has a cuBLASLt capture node.
//
// Library state belongs to graphc: one cuBLASLt handle per instance (or generated graph), and
// per matmul node a plan made before any capture and freed with the instance: the matmul
// descriptor (f32 compute and scale, the transposes, the epilogue), the three matrix
// layouts, the algorithm cublasLtMatmulAlgoGetHeuristic chose for them and the workspace
// that algorithm asked for. A capture only points the bias at its buffer's current memory
// and calls cublasLtMatmul, which captures as kernel nodes.
#pragma once

#include <cublasLt.h>
#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "graphc/cublas_ops.h"
#include "graphc/runtime_error.h"

namespace graphc {

/// The cuBLASLt entry points graphc calls (cublasLt.h's functions).
struct CublasLtApi {
  decltype(&cublasLtCreate) create;
  decltype(&cublasLtDestroy) destroy;
  decltype(&cublasLtMatmulDescCreate) desc_create;
  decltype(&cublasLtMatmulDescDestroy) desc_destroy;
  decltype(&cublasLtMatmulDescSetAttribute) desc_set_attribute;
  decltype(&cublasLtMatrixLayoutCreate) layout_create;
  decltype(&cublasLtMatrixLayoutDestroy) layout_destroy;
  decltype(&cublasLtMatmulPreferenceCreate) preference_create;
  decltype(&cublasLtMatmulPreferenceDestroy) preference_destroy;
  decltype(&cublasLtMatmulPreferenceSetAttribute) preference_set_attribute;
  decltype(&cublasLtMatmulAlgoGetHeuristic) heuristic;
  decltype(&cublasLtMatmul) matmul;
  decltype(&cublasLtGetStatusName) status_name;
  decltype(&cublasLtGetStatusString) status_string;
};

/// cuBLASLt's entry points as the program links them (CUDA::cublasLt, which
/// graphc::generated links): what the code `graphc compile` writes passes to
/// CublasLtLibrary::add_matmul.
inline const CublasLtApi& linked_cublaslt() {
  static const CublasLtApi api{&cublasLtCreate,
                               &cublasLtDestroy,
                               &cublasLtMatmulDescCreate,
                               &cublasLtMatmulDescDestroy,
                               &cublasLtMatmulDescSetAttribute,
                               &cublasLtMatrixLayoutCreate,
                               &cublasLtMatrixLayoutDestroy,
                               &cublasLtMatmulPreferenceCreate,
                               &cublasLtMatmulPreferenceDestroy,
                               &cublasLtMatmulPreferenceSetAttribute,
                               &cublasLtMatmulAlgoGetHeuristic,
                               &cublasLtMatmul,
                               &cublasLtGetStatusName,
                               &cublasLtGetStatusString};
  return api;
}

/// What a matmul applies to alpha * op(A) * op(B) + beta * C before it stores the result in
/// C: nothing, a bias (a vector of m elements added to every column), ReLU, or GELU (the
/// tanh approximation), alone or after the bias. CUBLASLT_EPILOGUE_DEFAULT, _BIAS, _RELU,
/// _RELU_BIAS, _GELU and _GELU_BIAS.
enum class MatmulEpilogue { none, bias, relu, bias_relu, gelu, bias_gelu };

/// The memory of a matmul, in device (or managed) memory: A, B, C (read, then written with
/// the result) and the bias (null for an epilogue without one).
struct MatmulOperands {
  const void* a = nullptr;
  const void* b = nullptr;
  void* c = nullptr;
  const void* bias = nullptr;
};

/// A cuBLASLt handle and the matmul plans of the capture nodes that use it. Created empty;
/// add_matmul allocates before any capture begins. Move-only; destroys the descriptors and
/// the handle and frees the workspaces, so it must outlive every exec whose nodes use them.
class CublasLtLibrary {
 public:
  CublasLtLibrary() = default;
  CublasLtLibrary(CublasLtLibrary&& other) noexcept
      : api_(std::exchange(other.api_, nullptr)),
        handle_(std::exchange(other.handle_, nullptr)),
        plans_(std::move(other.plans_)) {}
  CublasLtLibrary& operator=(CublasLtLibrary&& other) noexcept {
    if (this != &other) {
      release();
      api_ = std::exchange(other.api_, nullptr);
      handle_ = std::exchange(other.handle_, nullptr);
      plans_ = std::move(other.plans_);
    }
    return *this;
  }
  CublasLtLibrary(const CublasLtLibrary&) = delete;
  CublasLtLibrary& operator=(const CublasLtLibrary&) = delete;
  ~CublasLtLibrary() { release(); }

  /// Creates the handle through `api` (cublasLtCreate) if there is none yet, then the plan of
  /// one matmul of `shape` (GemmShape, not batched: column-major, op(A) m x k, op(B) k x n,
  /// C m x n) with `epilogue`, A, B, C and the bias all of `type` (CUDA_R_32F, CUDA_R_16F or
  /// CUDA_R_16BF), computed in f32 (CUBLAS_COMPUTE_32F, f32 alpha and beta): the descriptors,
  /// the algorithm cublasLtMatmulAlgoGetHeuristic ranks first for the alignment of
  /// `operands`' pointers and at most kCublasWorkspaceBytes of workspace, and that workspace
  /// (cudaMalloc). Returns the plan's index for matmul(). Throws graphc::Error R0001 naming
  /// `node` at `location` when a call fails or no algorithm fits; what it made by then is
  /// freed with this object.
  std::size_t add_matmul(const CublasLtApi& api, cudaDataType type, const GemmShape& shape, MatmulEpilogue epilogue,
                         const MatmulOperands& operands, const char* node, const char* location) {
    if (handle_ == nullptr) {
      api_ = &api;
      if (const cublasStatus_t status = api.create(&handle_); status != CUBLAS_STATUS_SUCCESS) {
        handle_ = nullptr;
        check(api, status, "cublasLtCreate", node, location);
      }
    }
    plans_.push_back(Plan{});
    Plan& plan = plans_.back();
    plan.bias = epilogue == MatmulEpilogue::bias || epilogue == MatmulEpilogue::bias_relu ||
                epilogue == MatmulEpilogue::bias_gelu;
    plan.alignment = alignment_of(operands);
    check(api, api.desc_create(&plan.desc, CUBLAS_COMPUTE_32F, CUDA_R_32F), "cublasLtMatmulDescCreate", node, location);
    const cublasOperation_t op_a = shape.transpose_a ? CUBLAS_OP_T : CUBLAS_OP_N;
    const cublasOperation_t op_b = shape.transpose_b ? CUBLAS_OP_T : CUBLAS_OP_N;
    const cublasLtEpilogue_t lt_epilogue = lt(epilogue);
    set(api, plan.desc, CUBLASLT_MATMUL_DESC_TRANSA, op_a, node, location);
    set(api, plan.desc, CUBLASLT_MATMUL_DESC_TRANSB, op_b, node, location);
    set(api, plan.desc, CUBLASLT_MATMUL_DESC_EPILOGUE, lt_epilogue, node, location);
    if (plan.bias) set(api, plan.desc, CUBLASLT_MATMUL_DESC_BIAS_POINTER, operands.bias, node, location);
    check(api,
          api.layout_create(&plan.a, type, shape.transpose_a ? shape.k : shape.m, shape.transpose_a ? shape.m : shape.k,
                            shape.lda),
          "cublasLtMatrixLayoutCreate", node, location);
    check(api,
          api.layout_create(&plan.b, type, shape.transpose_b ? shape.n : shape.k, shape.transpose_b ? shape.k : shape.n,
                            shape.ldb),
          "cublasLtMatrixLayoutCreate", node, location);
    check(api, api.layout_create(&plan.c, type, shape.m, shape.n, shape.ldc), "cublasLtMatrixLayoutCreate", node,
          location);
    check(api, api.preference_create(&plan.preference), "cublasLtMatmulPreferenceCreate", node, location);
    const std::uint64_t max_workspace = kCublasWorkspaceBytes;
    prefer(api, plan.preference, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, max_workspace, node, location);
    for (const cublasLtMatmulPreferenceAttributes_t operand :
         {CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES, CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_B_BYTES,
          CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_C_BYTES, CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_D_BYTES}) {
      prefer(api, plan.preference, operand, plan.alignment, node, location);
    }
    cublasLtMatmulHeuristicResult_t result{};
    int found = 0;
    check(api, api.heuristic(handle_, plan.desc, plan.a, plan.b, plan.c, plan.c, plan.preference, 1, &result, &found),
          "cublasLtMatmulAlgoGetHeuristic", node, location);
    if (found == 0)
      check(api, CUBLAS_STATUS_NOT_SUPPORTED, "cublasLtMatmulAlgoGetHeuristic (no algorithm)", node, location);
    plan.algo = result.algo;
    plan.workspace_bytes = result.workspaceSize;
    if (plan.workspace_bytes > 0) {
      if (const cudaError_t status = cudaMalloc(&plan.workspace, plan.workspace_bytes); status != cudaSuccess) {
        plan.workspace = nullptr;
        cudaGetLastError();
        cuda_failure(cudaGetErrorName(status), cudaGetErrorString(status), "cudaMalloc of a cuBLASLt workspace", node,
                     location);
      }
    }
    return plans_.size() - 1;
  }

  /// cublasLtMatmul of plan `plan` (add_matmul's) on `stream`, C = epilogue(alpha * op(A) *
  /// op(B) + beta * C), alpha and beta by value (CUBLASLT_POINTER_MODE_HOST), the bias at
  /// `operands.bias`. Allowed while `stream` captures. Throws std::runtime_error naming the
  /// failed call and cuBLASLt's status, or when a pointer is less aligned than the plan's
  /// algorithm was chosen for.
  void matmul(cudaStream_t stream, std::size_t plan_index, float alpha, const MatmulOperands& operands,
              float beta) const {
    const Plan& plan = plans_.at(plan_index);
    if (alignment_of(operands) < plan.alignment) {
      throw std::runtime_error("cublasLtMatmul: the matrices are aligned to " + std::to_string(alignment_of(operands)) +
                               " bytes, but the plan's algorithm was chosen for " + std::to_string(plan.alignment));
    }
    if (plan.bias) {
      check(api_->desc_set_attribute(plan.desc, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &operands.bias,
                                     sizeof(operands.bias)),
            "cublasLtMatmulDescSetAttribute");
    }
    check(api_->matmul(handle_, plan.desc, &alpha, operands.a, plan.a, operands.b, plan.b, &beta, operands.c, plan.c,
                       operands.c, plan.c, &plan.algo, plan.workspace, plan.workspace_bytes, stream),
          "cublasLtMatmul");
  }

  /// Bytes of device memory it holds for its nodes (each matmul plan's workspace): what Instance::memory() reports as
  /// workspaces.
  std::size_t device_bytes() const {
    std::size_t bytes = 0;
    for (const Plan& plan : plans_) bytes += plan.workspace_bytes;
    return bytes;
  }

 private:
  struct Plan {
    bool bias = false;
    std::uint32_t alignment = 256;  // bytes: what the algorithm may assume of every pointer
    cublasLtMatmulDesc_t desc = nullptr;
    cublasLtMatrixLayout_t a = nullptr;
    cublasLtMatrixLayout_t b = nullptr;
    cublasLtMatrixLayout_t c = nullptr;  // C and D, which is C
    cublasLtMatmulPreference_t preference = nullptr;
    cublasLtMatmulAlgo_t algo{};
    void* workspace = nullptr;
    std::size_t workspace_bytes = 0;
  };

  static cublasLtEpilogue_t lt(MatmulEpilogue epilogue) {
    switch (epilogue) {
      case MatmulEpilogue::bias: return CUBLASLT_EPILOGUE_BIAS;
      case MatmulEpilogue::relu: return CUBLASLT_EPILOGUE_RELU;
      case MatmulEpilogue::bias_relu: return CUBLASLT_EPILOGUE_RELU_BIAS;
      case MatmulEpilogue::gelu: return CUBLASLT_EPILOGUE_GELU;
      case MatmulEpilogue::bias_gelu: return CUBLASLT_EPILOGUE_GELU_BIAS;
      case MatmulEpilogue::none: break;
    }
    return CUBLASLT_EPILOGUE_DEFAULT;
  }

  // The largest power of two, at most 256, that divides every pointer of `operands`.
  static std::uint32_t alignment_of(const MatmulOperands& operands) {
    std::uintptr_t bits = 256;
    for (const void* p : {operands.a, operands.b, static_cast<const void*>(operands.c), operands.bias}) {
      if (p != nullptr) bits |= reinterpret_cast<std::uintptr_t>(p);
    }
    return static_cast<std::uint32_t>(bits & (~bits + 1));  // the lowest set bit
  }

  template <class T>
  static void set(const CublasLtApi& api, cublasLtMatmulDesc_t desc, cublasLtMatmulDescAttributes_t attribute,
                  const T& value, const char* node, const char* location) {
    check(api, api.desc_set_attribute(desc, attribute, &value, sizeof(value)), "cublasLtMatmulDescSetAttribute", node,
          location);
  }
  template <class T>
  static void prefer(const CublasLtApi& api, cublasLtMatmulPreference_t preference,
                     cublasLtMatmulPreferenceAttributes_t attribute, const T& value, const char* node,
                     const char* location) {
    check(api, api.preference_set_attribute(preference, attribute, &value, sizeof(value)),
          "cublasLtMatmulPreferenceSetAttribute", node, location);
  }

  static void check(const CublasLtApi& api, cublasStatus_t status, const char* call, const char* node,
                    const char* location) {
    if (status != CUBLAS_STATUS_SUCCESS)
      cuda_failure(api.status_name(status), api.status_string(status), call, node, location);
  }
  void check(cublasStatus_t status, const char* call) const {
    if (status == CUBLAS_STATUS_SUCCESS) return;
    throw std::runtime_error(std::string(call) + ": " + api_->status_name(status) + " (" + api_->status_string(status) +
                             ")");
  }

  void release() {
    for (Plan& plan : plans_) {
      if (plan.workspace != nullptr) cudaFree(plan.workspace);
      if (plan.preference != nullptr) api_->preference_destroy(plan.preference);
      for (cublasLtMatrixLayout_t layout : {plan.c, plan.b, plan.a}) {
        if (layout != nullptr) api_->layout_destroy(layout);
      }
      if (plan.desc != nullptr) api_->desc_destroy(plan.desc);
    }
    plans_.clear();
    if (handle_ != nullptr) api_->destroy(std::exchange(handle_, nullptr));
  }

  const CublasLtApi* api_ = nullptr;
  cublasLtHandle_t handle_ = nullptr;
  std::vector<Plan> plans_;
};

}  // namespace graphc
