// graphc's cuFFT operations for capture nodes (`capture spectrum : cufft.r2c(...)`,
// `cufft.c2c<FORWARD>`, `cufft.c2r`), shared by the runtime and the code `graphc compile`
// writes. Header-only: the CUDA runtime API and cuFFT's header. Every cuFFT call goes through
// a CufftApi: the generated code passes linked_cufft() (it links CUDA::cufft), the runtime
// the library it loads with dlopen the first time a graph has a cuFFT capture node.
//
// Library state belongs to graphc: per FFT node a plan (cufftCreate, cufftMakePlanMany with
// automatic allocation off) and the work area it asks for (cudaMalloc, cufftSetWorkArea),
// made before any capture and freed with the instance, so that a capture only sets the
// plan's stream and calls cufftExec*, which captures as kernel nodes.
#pragma once

#include <cuda_runtime_api.h>
#include <cufft.h>

#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "graphc/runtime_error.h"

namespace graphc {

/// The cuFFT entry points graphc calls (cufft.h's functions).
struct CufftApi {
  decltype(&cufftCreate) create;
  decltype(&cufftDestroy) destroy;
  decltype(&cufftSetAutoAllocation) set_auto_allocation;
  decltype(&cufftMakePlanMany) make_plan_many;
  decltype(&cufftSetWorkArea) set_work_area;
  decltype(&cufftSetStream) set_stream;
  decltype(&cufftExecC2C) exec_c2c;
  decltype(&cufftExecZ2Z) exec_z2z;
  decltype(&cufftExecR2C) exec_r2c;
  decltype(&cufftExecD2Z) exec_d2z;
  decltype(&cufftExecC2R) exec_c2r;
  decltype(&cufftExecZ2D) exec_z2d;
};

/// cuFFT's entry points as the program links them (CUDA::cufft, which graphc::generated
/// links): what the code `graphc compile` writes passes to CufftLibrary::add_fft.
inline const CufftApi& linked_cufft() {
  static const CufftApi api{&cufftCreate,      &cufftDestroy,   &cufftSetAutoAllocation, &cufftMakePlanMany,
                            &cufftSetWorkArea, &cufftSetStream, &cufftExecC2C,           &cufftExecZ2Z,
                            &cufftExecR2C,     &cufftExecD2Z,   &cufftExecC2R,           &cufftExecZ2D};
  return api;
}

/// cufftResult's enumerator name ("CUFFT_INVALID_SIZE"); cuFFT has no such function.
inline const char* cufft_result_name(cufftResult result) {
  switch (result) {
    case CUFFT_SUCCESS: return "CUFFT_SUCCESS";
    case CUFFT_INVALID_PLAN: return "CUFFT_INVALID_PLAN";
    case CUFFT_ALLOC_FAILED: return "CUFFT_ALLOC_FAILED";
    case CUFFT_INVALID_TYPE: return "CUFFT_INVALID_TYPE";
    case CUFFT_INVALID_VALUE: return "CUFFT_INVALID_VALUE";
    case CUFFT_INTERNAL_ERROR: return "CUFFT_INTERNAL_ERROR";
    case CUFFT_EXEC_FAILED: return "CUFFT_EXEC_FAILED";
    case CUFFT_SETUP_FAILED: return "CUFFT_SETUP_FAILED";
    case CUFFT_INVALID_SIZE: return "CUFFT_INVALID_SIZE";
    case CUFFT_UNALIGNED_DATA: return "CUFFT_UNALIGNED_DATA";
    case CUFFT_INVALID_DEVICE: return "CUFFT_INVALID_DEVICE";
    case CUFFT_NO_WORKSPACE: return "CUFFT_NO_WORKSPACE";
    case CUFFT_NOT_IMPLEMENTED: return "CUFFT_NOT_IMPLEMENTED";
    case CUFFT_NOT_SUPPORTED: return "CUFFT_NOT_SUPPORTED";
    default: return "a cufftResult of a newer cuFFT";
  }
}

/// Which transform: complex to complex (either direction), real to complex (forward) or
/// complex to real (inverse).
enum class FftKind { c2c, r2c, c2r };

/// An FFT as `cufft.c2c<DIRECTION>`, `cufft.r2c` and `cufft.c2r` describe it: `batch`
/// transforms of nx x ny x nz values, row-major (nz fastest), packed one after the other; of
/// rank 3, 2 (nz = 1) or 1 (ny = nz = 1). The complex side of r2c and c2r holds n/2 + 1
/// values of the last dimension. `wide`: f64 data (double2 complex), else f32 (float2).
struct FftShape {
  FftKind kind = FftKind::c2c;
  bool wide = false;
  bool inverse = false;  // c2c's direction
  long long nx = 1, ny = 1, nz = 1, batch = 1;
};

/// The FFT plans of the capture nodes that use cuFFT, each with its work area. Created empty;
/// add_fft allocates before any capture begins. Move-only; destroys the plans and frees the
/// work areas, so it must outlive every exec whose nodes use them.
class CufftLibrary {
 public:
  CufftLibrary() = default;
  CufftLibrary(CufftLibrary&& other) noexcept
      : api_(std::exchange(other.api_, nullptr)), plans_(std::move(other.plans_)) {}
  CufftLibrary& operator=(CufftLibrary&& other) noexcept {
    if (this != &other) {
      release();
      api_ = std::exchange(other.api_, nullptr);
      plans_ = std::move(other.plans_);
    }
    return *this;
  }
  CufftLibrary(const CufftLibrary&) = delete;
  CufftLibrary& operator=(const CufftLibrary&) = delete;
  ~CufftLibrary() { release(); }

  /// The plan of one FFT of `shape` through `api`: cufftCreate, cufftSetAutoAllocation(0),
  /// cufftMakePlanMany (CUFFT_C2C, _R2C, _C2R or their f64 forms, packed data), then the work
  /// area it asks for (cudaMalloc, cufftSetWorkArea). Returns the plan's index for exec().
  /// Throws graphc::Error R0001 naming `node` at `location` when a call fails; what it made by
  /// then is freed with this object.
  std::size_t add_fft(const CufftApi& api, const FftShape& shape, const char* node, const char* location) {
    api_ = &api;
    plans_.push_back(Plan{shape});
    Plan& plan = plans_.back();
    check(api.create(&plan.handle), "cufftCreate", node, location);
    plan.created = true;
    check(api.set_auto_allocation(plan.handle, 0), "cufftSetAutoAllocation", node, location);
    int n[3] = {static_cast<int>(shape.nx), static_cast<int>(shape.ny), static_cast<int>(shape.nz)};
    const int rank = shape.nz > 1 ? 3 : shape.ny > 1 ? 2 : 1;
    std::size_t bytes = 0;
    check(api.make_plan_many(plan.handle, rank, n, nullptr, 1, 0, nullptr, 1, 0, type(shape),
                             static_cast<int>(shape.batch), &bytes),
          "cufftMakePlanMany", node, location);
    if (bytes > 0) {
      if (const cudaError_t status = cudaMalloc(&plan.work_area, bytes); status != cudaSuccess) {
        plan.work_area = nullptr;
        cudaGetLastError();
        cuda_failure(cudaGetErrorName(status), cudaGetErrorString(status), "cudaMalloc of a cuFFT work area", node,
                     location);
      }
      plan.work_area_bytes = bytes;
      check(api.set_work_area(plan.handle, plan.work_area), "cufftSetWorkArea", node, location);
    }
    return plans_.size() - 1;
  }

  /// The transform of plan `plan` (add_fft's) on `stream`, from `in` to `out` (device or
  /// managed memory; c2c may pass the same for both): cufftSetStream, then cufftExecC2C (or
  /// Z2Z, R2C, D2Z, C2R, Z2D). Allowed while `stream` captures. Throws std::runtime_error
  /// naming the failed call and its cufftResult.
  void exec(cudaStream_t stream, std::size_t plan_index, void* in, void* out) const {
    const Plan& plan = plans_.at(plan_index);
    check(api_->set_stream(plan.handle, stream), "cufftSetStream");
    const FftShape& s = plan.shape;
    const int direction = s.inverse ? CUFFT_INVERSE : CUFFT_FORWARD;
    switch (s.kind) {
      case FftKind::c2c:
        if (s.wide) {
          check(api_->exec_z2z(plan.handle, static_cast<cufftDoubleComplex*>(in), static_cast<cufftDoubleComplex*>(out),
                               direction),
                "cufftExecZ2Z");
        } else {
          check(api_->exec_c2c(plan.handle, static_cast<cufftComplex*>(in), static_cast<cufftComplex*>(out), direction),
                "cufftExecC2C");
        }
        return;
      case FftKind::r2c:
        if (s.wide) {
          check(api_->exec_d2z(plan.handle, static_cast<cufftDoubleReal*>(in), static_cast<cufftDoubleComplex*>(out)),
                "cufftExecD2Z");
        } else {
          check(api_->exec_r2c(plan.handle, static_cast<cufftReal*>(in), static_cast<cufftComplex*>(out)),
                "cufftExecR2C");
        }
        return;
      case FftKind::c2r:
        if (s.wide) {
          check(api_->exec_z2d(plan.handle, static_cast<cufftDoubleComplex*>(in), static_cast<cufftDoubleReal*>(out)),
                "cufftExecZ2D");
        } else {
          check(api_->exec_c2r(plan.handle, static_cast<cufftComplex*>(in), static_cast<cufftReal*>(out)),
                "cufftExecC2R");
        }
        return;
    }
  }

  /// Bytes of device memory it holds for its nodes (each plan's work area): what Instance::memory() reports as
  /// workspaces.
  std::size_t device_bytes() const {
    std::size_t bytes = 0;
    for (const Plan& plan : plans_) bytes += plan.work_area_bytes;
    return bytes;
  }

 private:
  struct Plan {
    FftShape shape;
    cufftHandle handle = 0;
    bool created = false;
    void* work_area = nullptr;
    std::size_t work_area_bytes = 0;
  };

  static cufftType type(const FftShape& shape) {
    switch (shape.kind) {
      case FftKind::r2c: return shape.wide ? CUFFT_D2Z : CUFFT_R2C;
      case FftKind::c2r: return shape.wide ? CUFFT_Z2D : CUFFT_C2R;
      case FftKind::c2c: break;
    }
    return shape.wide ? CUFFT_Z2Z : CUFFT_C2C;
  }

  static void check(cufftResult result, const char* call, const char* node, const char* location) {
    if (result == CUFFT_SUCCESS) return;
    cuda_failure(cufft_result_name(result), "cufftResult " + std::to_string(static_cast<int>(result)), call, node,
                 location);
  }
  static void check(cufftResult result, const char* call) {
    if (result == CUFFT_SUCCESS) return;
    throw std::runtime_error(std::string(call) + ": " + cufft_result_name(result));
  }

  void release() {
    for (Plan& plan : plans_) {
      if (plan.created) api_->destroy(plan.handle);
      if (plan.work_area != nullptr) cudaFree(plan.work_area);
    }
    plans_.clear();
  }

  const CufftApi* api_ = nullptr;
  std::vector<Plan> plans_;
};

}  // namespace graphc
