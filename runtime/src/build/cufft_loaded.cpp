#include "build/cufft_loaded.h"

#include <fmt/format.h>

#include "build/library_loader.h"
#include "modules/cuda_library.h"

namespace graphc::detail {
namespace {

// The entry points, or what went wrong in `why`.
bool load(CufftApi& api, std::string& soname, std::string& why) {
  // cuFFT has a major version of its own (12 in CUDA 13), not the toolkit's.
  soname = fmt::format("libcufft.so.{}", CUFFT_VER_MAJOR);
  void* handle = modules::open_cuda_library(soname, why);
  return handle != nullptr && modules::resolve_symbol(handle, api.create, "cufftCreate", why) &&
         modules::resolve_symbol(handle, api.destroy, "cufftDestroy", why) &&
         modules::resolve_symbol(handle, api.set_auto_allocation, "cufftSetAutoAllocation", why) &&
         modules::resolve_symbol(handle, api.make_plan_many, "cufftMakePlanMany", why) &&
         modules::resolve_symbol(handle, api.set_work_area, "cufftSetWorkArea", why) &&
         modules::resolve_symbol(handle, api.set_stream, "cufftSetStream", why) &&
         modules::resolve_symbol(handle, api.exec_c2c, "cufftExecC2C", why) &&
         modules::resolve_symbol(handle, api.exec_z2z, "cufftExecZ2Z", why) &&
         modules::resolve_symbol(handle, api.exec_r2c, "cufftExecR2C", why) &&
         modules::resolve_symbol(handle, api.exec_d2z, "cufftExecD2Z", why) &&
         modules::resolve_symbol(handle, api.exec_c2r, "cufftExecC2R", why) &&
         modules::resolve_symbol(handle, api.exec_z2d, "cufftExecZ2D", why);
}

}  // namespace

const CufftApi& loaded_cufft(const std::string& node, const std::string& location) {
  // A failed load throws out of the initialisation, and the next call tries again.
  static const CufftApi api = load_library_or_throw<CufftApi>(load, "cuFFT", node, location);
  return api;
}

}  // namespace graphc::detail
