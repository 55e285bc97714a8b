// What cublas_loaded.cpp and cusparse_loaded.cpp share: a toolkit library's entry points,
// loaded with dlopen when a capture node first needs them, or R0063 naming the node.
#pragma once

#include <string>

#include "graphc/runtime_error.h"

namespace graphc::detail {

/// The entry points `load` finds (it fills `Api`, sets the soname it opened and, where it
/// fails, what dlopen or dlsym said). Throws graphc::Error R0063 naming capture node `node`
/// at `location` and `library` ("cuBLAS") when it fails.
template <class Api>
Api load_library_or_throw(bool (*load)(Api&, std::string&, std::string&), const char* library, const std::string& node,
                          const std::string& location) {
  Api api{};
  std::string soname;
  std::string why;
  if (!load(api, soname, why)) {
    throw_error<RuntimeCode::library_unavailable>(location, node, library, soname, why, library);
  }
  return api;
}

}  // namespace graphc::detail
