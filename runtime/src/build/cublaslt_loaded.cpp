#include "build/cublaslt_loaded.h"

#include "build/library_loader.h"
#include "modules/cuda_library.h"

namespace graphc::detail {
namespace {

// The entry points, or what went wrong in `why`.
bool load(CublasLtApi& api, std::string& soname, std::string& why) {
  soname = modules::cuda_library_soname("cublasLt");
  void* handle = modules::open_cuda_library(soname, why);
  return handle != nullptr && modules::resolve_symbol(handle, api.create, "cublasLtCreate", why) &&
         modules::resolve_symbol(handle, api.destroy, "cublasLtDestroy", why) &&
         modules::resolve_symbol(handle, api.desc_create, "cublasLtMatmulDescCreate", why) &&
         modules::resolve_symbol(handle, api.desc_destroy, "cublasLtMatmulDescDestroy", why) &&
         modules::resolve_symbol(handle, api.desc_set_attribute, "cublasLtMatmulDescSetAttribute", why) &&
         modules::resolve_symbol(handle, api.layout_create, "cublasLtMatrixLayoutCreate", why) &&
         modules::resolve_symbol(handle, api.layout_destroy, "cublasLtMatrixLayoutDestroy", why) &&
         modules::resolve_symbol(handle, api.preference_create, "cublasLtMatmulPreferenceCreate", why) &&
         modules::resolve_symbol(handle, api.preference_destroy, "cublasLtMatmulPreferenceDestroy", why) &&
         modules::resolve_symbol(handle, api.preference_set_attribute, "cublasLtMatmulPreferenceSetAttribute", why) &&
         modules::resolve_symbol(handle, api.heuristic, "cublasLtMatmulAlgoGetHeuristic", why) &&
         modules::resolve_symbol(handle, api.matmul, "cublasLtMatmul", why) &&
         modules::resolve_symbol(handle, api.status_name, "cublasLtGetStatusName", why) &&
         modules::resolve_symbol(handle, api.status_string, "cublasLtGetStatusString", why);
}

}  // namespace

const CublasLtApi& loaded_cublaslt(const std::string& node, const std::string& location) {
  // A failed load throws out of the initialisation, and the next call tries again.
  static const CublasLtApi api = load_library_or_throw<CublasLtApi>(load, "cuBLASLt", node, location);
  return api;
}

}  // namespace graphc::detail
