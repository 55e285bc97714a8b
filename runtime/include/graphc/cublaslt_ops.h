// graphc's cuBLASLt operations for capture nodes (`capture h : cublaslt.matmul_bias_gelu<T, N>(...)`),
// shared by the runtime and the code `graphc compile` writes. Header-only: the CUDA runtime
// API and cuBLASLt's header. Every cuBLASLt call goes through a CublasLtApi: the generated
// code passes linked_cublaslt() (it links CUDA::cublasLt), the runtime the library it loads
// with dlopen the first time a graph has a cuBLASLt capture node.
//
// Library state belongs to graphc: one cuBLASLt handle per instance (or generated graph), and
// per matmul node a plan made before any capture and freed with the instance: the matmul
// descriptor (f32 compute and scale, the transposes, the epilogue), the three matrix
// layouts, the algorithm cublasLtMatmulAlgoGetHeuristic chose for them (or, tuned, the
// fastest of its candidates as timed on the device) and the workspace that algorithm asked
// for. A capture only points the bias at its buffer's current memory and calls
// cublasLtMatmul, which captures as kernel nodes.
#pragma once

#include <cublasLt.h>
#include <cuda_runtime_api.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "graphc/check_cuda.h"
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

/// How a matmul's algorithm is chosen: the first of cublasLtMatmulAlgoGetHeuristic's ranking
/// (`heuristic`), or the fastest of its first kMatmulCandidates as timed on the device when
/// the plan is made (`timed`: graphc's --tune-matmuls, LoadOptions::tune_matmuls).
enum class MatmulTuning { heuristic, timed };

/// How many of the heuristic's algorithms a timed plan tries, and how many runs of each it
/// times, each from a cold L2 (after one untimed run, which also loads the algorithm's
/// kernels); a candidate's time is the median of its runs.
inline constexpr int kMatmulCandidates = 8;
inline constexpr int kMatmulTimedRuns = 5;

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
        plans_(std::move(other.plans_)),
        tuned_(std::move(other.tuned_)) {}
  CublasLtLibrary& operator=(CublasLtLibrary&& other) noexcept {
    if (this != &other) {
      release();
      api_ = std::exchange(other.api_, nullptr);
      handle_ = std::exchange(other.handle_, nullptr);
      plans_ = std::move(other.plans_);
      tuned_ = std::move(other.tuned_);
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
  /// (cudaMalloc). With MatmulTuning::timed the algorithm is instead the fastest of the
  /// heuristic's first kMatmulCandidates by the median of kMatmulTimedRuns runs on the device
  /// (A, B and the bias read from `operands`, C and D scratch memory of its own, zeroed, so no
  /// buffer changes), each after L2 is flushed (a memset of twice cudaDevAttrL2CacheSize), on a
  /// stream of its own, synchronized, with `beta`: the beta the plan's matmul() calls will
  /// pass (a nonzero beta makes every candidate read C, and changes how a split-K algorithm
  /// reduces, so the fastest with beta = 0 need not be the fastest with beta = 1). The first
  /// plan of a shape, type, epilogue, alignment and beta (zero or not) pays that (about
  /// kMatmulCandidates * (kMatmulTimedRuns + 1) matmuls and flushes, and the candidates'
  /// kernels loaded), and this library's later plans of the same reuse its choice; `beta` is
  /// not used otherwise. It must not run while a stream captures in the global or
  /// thread-local mode. Returns the plan's index for matmul(). Throws graphc::Error R0001
  /// naming `node` at `location` when a call fails or no algorithm fits; what it made by
  /// then is freed with this object.
  std::size_t add_matmul(const CublasLtApi& api, cudaDataType type, const GemmShape& shape, MatmulEpilogue epilogue,
                         const MatmulOperands& operands, const char* node, const char* location,
                         MatmulTuning tuning = MatmulTuning::heuristic, float beta = 0.0f) {
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
    const Choice choice = tuning == MatmulTuning::timed
                              ? timed_choice(api, plan, type, shape, epilogue, operands, beta, node, location)
                              : heuristic_choice(api, plan, 1, node, location).front();
    plan.algo = choice.algo;
    plan.workspace_bytes = choice.workspace_bytes;
    if (plan.workspace_bytes > 0) {
      const cudaError_t status = cudaMalloc(&plan.workspace, plan.workspace_bytes);
      if (status != cudaSuccess) plan.workspace = nullptr;
      check_cleared(status, "cudaMalloc of a cuBLASLt workspace", node, location);
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
  // An algorithm and the workspace it asks for.
  struct Choice {
    cublasLtMatmulAlgo_t algo{};
    std::size_t workspace_bytes = 0;
  };
  // What a timed choice is kept under, and the choice.
  struct Tuned {
    cudaDataType type;
    GemmShape shape;
    MatmulEpilogue epilogue;
    std::uint32_t alignment;
    bool reads_c;  // timed with a nonzero beta
    Choice choice;
  };
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

  // The heuristic's first `count` (at most kMatmulCandidates) algorithms for `plan`, best
  // first; R0001 when it has none.
  std::vector<Choice> heuristic_choice(const CublasLtApi& api, const Plan& plan, int count, const char* node,
                                       const char* location) const {
    // A std::array: a std::vector of this type crashes nvcc 13.0's front end.
    std::array<cublasLtMatmulHeuristicResult_t, kMatmulCandidates> results{};
    int found = 0;
    check(api,
          api.heuristic(handle_, plan.desc, plan.a, plan.b, plan.c, plan.c, plan.preference, count, results.data(),
                        &found),
          "cublasLtMatmulAlgoGetHeuristic", node, location);
    if (found == 0)
      check(api, CUBLAS_STATUS_NOT_SUPPORTED, "cublasLtMatmulAlgoGetHeuristic (no algorithm)", node, location);
    std::vector<Choice> choices;
    for (int i = 0; i < found; ++i) {
      const cublasLtMatmulHeuristicResult_t& r = results[static_cast<std::size_t>(i)];
      if (r.state == CUBLAS_STATUS_SUCCESS) choices.push_back({r.algo, r.workspaceSize});
    }
    if (choices.empty())
      check(api, CUBLAS_STATUS_NOT_SUPPORTED, "cublasLtMatmulAlgoGetHeuristic (no algorithm)", node, location);
    return choices;
  }

  // CUDA memory, a stream and two events for timing candidates, freed on every path (after
  // the stream's work, which an error may have left queued).
  struct TimingScratch {
    void* c = nullptr;
    void* workspace = nullptr;
    void* flush = nullptr;  // twice the L2's size, written before each timed run
    cudaStream_t stream = nullptr;
    cudaEvent_t start = nullptr;
    cudaEvent_t stop = nullptr;
    TimingScratch() = default;
    TimingScratch(const TimingScratch&) = delete;
    TimingScratch& operator=(const TimingScratch&) = delete;
    ~TimingScratch() {
      if (stream != nullptr) cudaStreamSynchronize(stream);
      for (cudaEvent_t event : {start, stop}) {
        if (event != nullptr) cudaEventDestroy(event);
      }
      if (stream != nullptr) cudaStreamDestroy(stream);
      for (void* memory : {c, workspace, flush}) {
        if (memory != nullptr) cudaFree(memory);
      }
    }
  };

  // check_cuda, the failure first taken from CUDA's last error, so that it is reported once
  // (as R0001) and not again by the caller's next cudaGetLastError.
  static void check_cleared(cudaError_t status, const char* call, const char* node, const char* location) {
    if (status != cudaSuccess) cudaGetLastError();
    check_cuda(status, call, node, location);
  }

  // The median of kMatmulTimedRuns runs of `run` on the scratch's stream, in ms, each
  // after the first `flush_bytes` of the scratch's flush memory are written (L2 emptied).
  template <class Run>
  static float median_run_ms(const CublasLtApi& api, const TimingScratch& scratch, std::size_t flush_bytes,
                             const Run& run, const char* node, const char* location) {
    std::array<float, kMatmulTimedRuns> runs{};
    for (float& ms : runs) {
      if (flush_bytes > 0) {
        check_cleared(cudaMemsetAsync(scratch.flush, 0, flush_bytes, scratch.stream), "cudaMemsetAsync (L2 flush)",
                      node, location);
      }
      check_cleared(cudaEventRecord(scratch.start, scratch.stream), "cudaEventRecord", node, location);
      check(api, run(), "cublasLtMatmul (timing)", node, location);
      check_cleared(cudaEventRecord(scratch.stop, scratch.stream), "cudaEventRecord", node, location);
      check_cleared(cudaEventSynchronize(scratch.stop), "cudaEventSynchronize", node, location);
      check_cleared(cudaEventElapsedTime(&ms, scratch.start, scratch.stop), "cudaEventElapsedTime", node, location);
    }
    std::nth_element(runs.begin(), runs.begin() + kMatmulTimedRuns / 2, runs.end());
    return runs[kMatmulTimedRuns / 2];
  }

  // The fastest of the heuristic's first kMatmulCandidates for `plan`, timed on the device
  // with `beta` (see add_matmul), or the choice an earlier plan of the same shape, type,
  // epilogue, alignment and beta (zero or not) made. A candidate cublasLtMatmul refuses is
  // passed over.
  Choice timed_choice(const CublasLtApi& api, const Plan& plan, cudaDataType type, const GemmShape& shape,
                      MatmulEpilogue epilogue, const MatmulOperands& operands, float beta, const char* node,
                      const char* location) {
    const bool reads_c = beta != 0.0f;
    for (const Tuned& t : tuned_) {
      if (t.type == type && t.shape == shape && t.epilogue == epilogue && t.alignment == plan.alignment &&
          t.reads_c == reads_c) {
        return t.choice;
      }
    }
    const std::vector<Choice> candidates = heuristic_choice(api, plan, kMatmulCandidates, node, location);
    Choice best = candidates.front();
    if (candidates.size() > 1) {
      TimingScratch scratch;
      const std::size_t element = type == CUDA_R_32F ? 4 : 2;
      const std::size_t c_bytes = element * static_cast<std::size_t>(shape.ldc) * static_cast<std::size_t>(shape.n);
      std::size_t workspace_bytes = 0;
      for (const Choice& c : candidates) workspace_bytes = std::max(workspace_bytes, c.workspace_bytes);
      check_cleared(cudaMalloc(&scratch.c, c_bytes), "cudaMalloc of a matmul's timing output", node, location);
      if (workspace_bytes > 0) {
        check_cleared(cudaMalloc(&scratch.workspace, workspace_bytes), "cudaMalloc of a timing workspace", node,
                      location);
      }
      check_cleared(cudaStreamCreateWithFlags(&scratch.stream, cudaStreamNonBlocking), "cudaStreamCreateWithFlags",
                    node, location);
      check_cleared(cudaEventCreate(&scratch.start), "cudaEventCreate", node, location);
      check_cleared(cudaEventCreate(&scratch.stop), "cudaEventCreate", node, location);
      check_cleared(cudaMemsetAsync(scratch.c, 0, c_bytes, scratch.stream), "cudaMemsetAsync", node, location);
      // Each timed run starts with L2 holding none of A, B or the bias, as a graph that
      // streams more than L2 holds runs it: run back to back, a small matmul's weights stay
      // in L2 and the timing favours algorithms that are slower from DRAM.
      int device = 0;
      int l2_bytes = 0;
      check_cleared(cudaGetDevice(&device), "cudaGetDevice", node, location);
      check_cleared(cudaDeviceGetAttribute(&l2_bytes, cudaDevAttrL2CacheSize, device),
                    "cudaDeviceGetAttribute(cudaDevAttrL2CacheSize)", node, location);
      const std::size_t flush_bytes = 2 * static_cast<std::size_t>(l2_bytes);
      if (flush_bytes > 0) {
        check_cleared(cudaMalloc(&scratch.flush, flush_bytes), "cudaMalloc of the L2 flush", node, location);
      }
      const float alpha = 1.0f;
      float best_ms = -1.0f;
      for (const Choice& candidate : candidates) {
        const auto run = [&] {
          return api.matmul(handle_, plan.desc, &alpha, operands.a, plan.a, operands.b, plan.b, &beta, scratch.c,
                            plan.c, scratch.c, plan.c, &candidate.algo, scratch.workspace, candidate.workspace_bytes,
                            scratch.stream);
        };
        if (run() != CUBLAS_STATUS_SUCCESS) continue;  // this candidate cannot run these operands
        const float median_ms = median_run_ms(api, scratch, flush_bytes, run, node, location);
        if (best_ms < 0.0f || median_ms < best_ms) {
          best_ms = median_ms;
          best = candidate;
        }
      }
    }
    tuned_.push_back(Tuned{type, shape, epilogue, plan.alignment, reads_c, best});
    return best;
  }

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
    tuned_.clear();
    if (handle_ != nullptr) api_->destroy(std::exchange(handle_, nullptr));
  }

  const CublasLtApi* api_ = nullptr;
  cublasLtHandle_t handle_ = nullptr;
  std::vector<Plan> plans_;
  std::vector<Tuned> tuned_;  // the timed choices made so far
};

}  // namespace graphc
