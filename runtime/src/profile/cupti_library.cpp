#include "profile/cupti_library.h"

#include <string>

#include "graphc/runtime_error.h"
#include "modules/cuda_library.h"

namespace graphc::detail {
namespace {

template <class F>
void resolve(void* handle, F& function, const char* name, const std::string& soname) {
  std::string error;
  if (!modules::resolve_symbol(handle, function, name, error)) {
    throw_error<RuntimeCode::cupti_unavailable>("", soname, error);
  }
}

CuptiLibrary load() {
  const std::string soname = modules::cuda_library_soname("cupti");
  std::string error;
  void* handle = modules::open_cuda_library(soname, error);
  if (handle == nullptr) throw_error<RuntimeCode::cupti_unavailable>("", soname, error);
  CuptiLibrary cupti{};
  resolve(handle, cupti.get_result_string, "cuptiGetResultString", soname);
  resolve(handle, cupti.subscribe, "cuptiSubscribe", soname);
  resolve(handle, cupti.unsubscribe, "cuptiUnsubscribe", soname);
  resolve(handle, cupti.enable_callback, "cuptiEnableCallback", soname);
  resolve(handle, cupti.graph_node_id, "cuptiGetGraphNodeId", soname);
  resolve(handle, cupti.graph_id, "cuptiGetGraphId", soname);
  resolve(handle, cupti.register_callbacks, "cuptiActivityRegisterCallbacks", soname);
  resolve(handle, cupti.activity_enable, "cuptiActivityEnable", soname);
  resolve(handle, cupti.activity_disable, "cuptiActivityDisable", soname);
  resolve(handle, cupti.flush_all, "cuptiActivityFlushAll", soname);
  resolve(handle, cupti.next_record, "cuptiActivityGetNextRecord", soname);
  return cupti;
}

}  // namespace

const CuptiLibrary& CuptiLibrary::get() {
  // A failed load throws out of the initialisation, and the next call tries again.
  static const CuptiLibrary cupti = load();
  return cupti;
}

void CuptiLibrary::check(CUptiResult result, const char* operation) const {
  if (result == CUPTI_SUCCESS) return;
  const char* text = "unknown CUPTI error";
  get_result_string(result, &text);
  throw_error<RuntimeCode::cupti_failed>("", operation, text);
}

}  // namespace graphc::detail
