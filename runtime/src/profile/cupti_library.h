// CUPTI, loaded with dlopen the first time a profile is asked for: graphc runs where CUPTI
// is absent, and a program that never profiles never loads it. Only CUPTI's headers are
// used at build time (for the types and the signatures the symbols are cast to).
#pragma once

#include <cupti_activity.h>
#include <cupti_callbacks.h>

namespace graphc::detail {

/// The CUPTI entry points the profiler calls (cupti_activity.h, cupti_callbacks.h), each
/// looked up with dlsym.
struct CuptiLibrary {
  decltype(&cuptiGetResultString) get_result_string;
  decltype(&cuptiSubscribe) subscribe;
  decltype(&cuptiUnsubscribe) unsubscribe;
  decltype(&cuptiEnableCallback) enable_callback;
  decltype(&cuptiGetGraphNodeId) graph_node_id;
  decltype(&cuptiGetGraphId) graph_id;
  decltype(&cuptiActivityRegisterCallbacks) register_callbacks;
  decltype(&cuptiActivityEnable) activity_enable;
  decltype(&cuptiActivityDisable) activity_disable;
  decltype(&cuptiActivityFlushAll) flush_all;
  decltype(&cuptiActivityGetNextRecord) next_record;

  /// The library, loaded on the first call: libcupti.so.13 as the dynamic loader finds it
  /// (LD_LIBRARY_PATH, the RPATH, ldconfig), else from the lib folder of the CUDA toolkit
  /// graphc was built with. Throws R0060 saying what dlopen or dlsym reported when it
  /// cannot be loaded; it is loaded once and stays loaded.
  static const CuptiLibrary& get();

  /// Throws R0061 naming `operation` and CUPTI's description of `result` unless it is
  /// CUPTI_SUCCESS.
  void check(CUptiResult result, const char* operation) const;
};

}  // namespace graphc::detail
