#include "profile/cupti_library.h"

#include <dlfcn.h>

#include <string>

#include "graphc/runtime_error.h"

namespace graphc::detail {
namespace {

constexpr const char* kSoname = "libcupti.so.13";

// dlopen of CUPTI by its soname, then in the toolkit's lib folder; null and what dlopen
// said of the last try when neither loads.
void* open_cupti(std::string& error) {
  void* handle = dlopen(kSoname, RTLD_NOW | RTLD_LOCAL);
  if (handle != nullptr) return handle;
  error = dlerror();
  const std::string in_toolkit = std::string(GRAPHC_CUDA_LIBRARY_DIR) + "/" + kSoname;
  handle = dlopen(in_toolkit.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) error += std::string("; ") + dlerror();
  return handle;
}

template <class F>
void resolve(void* handle, F& function, const char* name) {
  void* symbol = dlsym(handle, name);
  if (symbol == nullptr) {
    throw_error<RuntimeCode::cupti_unavailable>("", kSoname, std::string("it has no ") + name + ": " + dlerror());
  }
  function = reinterpret_cast<F>(symbol);
}

CuptiLibrary load() {
  std::string error;
  void* handle = open_cupti(error);
  if (handle == nullptr) throw_error<RuntimeCode::cupti_unavailable>("", kSoname, error);
  CuptiLibrary cupti{};
  resolve(handle, cupti.get_result_string, "cuptiGetResultString");
  resolve(handle, cupti.subscribe, "cuptiSubscribe");
  resolve(handle, cupti.unsubscribe, "cuptiUnsubscribe");
  resolve(handle, cupti.enable_callback, "cuptiEnableCallback");
  resolve(handle, cupti.graph_node_id, "cuptiGetGraphNodeId");
  resolve(handle, cupti.graph_id, "cuptiGetGraphId");
  resolve(handle, cupti.register_callbacks, "cuptiActivityRegisterCallbacks");
  resolve(handle, cupti.activity_enable, "cuptiActivityEnable");
  resolve(handle, cupti.activity_disable, "cuptiActivityDisable");
  resolve(handle, cupti.flush_all, "cuptiActivityFlushAll");
  resolve(handle, cupti.next_record, "cuptiActivityGetNextRecord");
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
