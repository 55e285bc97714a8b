#include "build/cublas_loaded.h"

#include "build/library_loader.h"
#include "modules/cuda_library.h"

namespace graphc::detail {
namespace {

// The entry points, or what went wrong in `why`.
bool load(CublasApi& api, std::string& soname, std::string& why) {
  soname = modules::cuda_library_soname("cublas");
  void* handle = modules::open_cuda_library(soname, why);
  return handle != nullptr && modules::resolve_symbol(handle, api.create, "cublasCreate_v2", why) &&
         modules::resolve_symbol(handle, api.destroy, "cublasDestroy_v2", why) &&
         modules::resolve_symbol(handle, api.set_stream, "cublasSetStream_v2", why) &&
         modules::resolve_symbol(handle, api.set_workspace, "cublasSetWorkspace_v2", why) &&
         modules::resolve_symbol(handle, api.set_pointer_mode, "cublasSetPointerMode_v2", why) &&
         modules::resolve_symbol(handle, api.gemm, "cublasGemmEx", why) &&
         modules::resolve_symbol(handle, api.gemm_strided_batched, "cublasGemmStridedBatchedEx", why) &&
         modules::resolve_symbol(handle, api.dot, "cublasDotEx", why) &&
         modules::resolve_symbol(handle, api.nrm2, "cublasNrm2Ex", why) &&
         modules::resolve_symbol(handle, api.axpy, "cublasAxpyEx", why) &&
         modules::resolve_symbol(handle, api.scal, "cublasScalEx", why) &&
         modules::resolve_symbol(handle, api.copy, "cublasCopyEx", why) &&
         modules::resolve_symbol(handle, api.sgemv, "cublasSgemv_v2", why) &&
         modules::resolve_symbol(handle, api.dgemv, "cublasDgemv_v2", why) &&
         modules::resolve_symbol(handle, api.status_name, "cublasGetStatusName", why) &&
         modules::resolve_symbol(handle, api.status_string, "cublasGetStatusString", why);
}

}  // namespace

const CublasApi& loaded_cublas(const std::string& node, const std::string& location) {
  // A failed load throws out of the initialisation, and the next call tries again.
  static const CublasApi api = load_library_or_throw<CublasApi>(load, "cuBLAS", node, location);
  return api;
}

}  // namespace graphc::detail
