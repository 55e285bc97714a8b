#include "build/cusparse_loaded.h"

#include <fmt/format.h>

#include "build/library_loader.h"
#include "modules/cuda_library.h"

namespace graphc::detail {
namespace {

// The entry points, or what went wrong in `why`.
bool load(CusparseApi& api, std::string& soname, std::string& why) {
  // cuSPARSE has a major version of its own (12 in CUDA 13), not the toolkit's.
  soname = fmt::format("libcusparse.so.{}", CUSPARSE_VER_MAJOR);
  void* handle = modules::open_cuda_library(soname, why);
  return handle != nullptr && modules::resolve_symbol(handle, api.create, "cusparseCreate", why) &&
         modules::resolve_symbol(handle, api.destroy, "cusparseDestroy", why) &&
         modules::resolve_symbol(handle, api.set_stream, "cusparseSetStream", why) &&
         modules::resolve_symbol(handle, api.create_csr, "cusparseCreateCsr", why) &&
         modules::resolve_symbol(handle, api.destroy_sp_mat, "cusparseDestroySpMat", why) &&
         modules::resolve_symbol(handle, api.create_dn_vec, "cusparseCreateDnVec", why) &&
         modules::resolve_symbol(handle, api.destroy_dn_vec, "cusparseDestroyDnVec", why) &&
         modules::resolve_symbol(handle, api.csr_set_pointers, "cusparseCsrSetPointers", why) &&
         modules::resolve_symbol(handle, api.dn_vec_set_values, "cusparseDnVecSetValues", why) &&
         modules::resolve_symbol(handle, api.spmv_buffer_size, "cusparseSpMV_bufferSize", why) &&
         modules::resolve_symbol(handle, api.spmv, "cusparseSpMV", why) &&
         modules::resolve_symbol(handle, api.create_dn_mat, "cusparseCreateDnMat", why) &&
         modules::resolve_symbol(handle, api.destroy_dn_mat, "cusparseDestroyDnMat", why) &&
         modules::resolve_symbol(handle, api.dn_mat_set_values, "cusparseDnMatSetValues", why) &&
         modules::resolve_symbol(handle, api.spmm_buffer_size, "cusparseSpMM_bufferSize", why) &&
         modules::resolve_symbol(handle, api.spmm, "cusparseSpMM", why) &&
         modules::resolve_symbol(handle, api.error_name, "cusparseGetErrorName", why) &&
         modules::resolve_symbol(handle, api.error_string, "cusparseGetErrorString", why);
}

}  // namespace

const CusparseApi& loaded_cusparse(const std::string& node, const std::string& location) {
  // A failed load throws out of the initialisation, and the next call tries again.
  static const CusparseApi api = load_library_or_throw<CusparseApi>(load, "cuSPARSE", node, location);
  return api;
}

}  // namespace graphc::detail
