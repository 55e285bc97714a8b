// Checking CUDA calls made for a node: R0001 as graphc::check_cuda (graphc/check_cuda.h,
// shared with the generated code) words it, with the node's name and `file:line:col`.
#pragma once

#include <cuda_runtime_api.h>

#include <string_view>

#include "ir/graph.h"
#include "source/source.h"

namespace graphc::detail {

/// What a CUDA call is made for, as check_cuda names it when the call fails: a node (its
/// name and declaration) or another declaration (a graph, buffer, event); empty for calls
/// of none. Refers into the program's IR and sources, and is put into words only on
/// failure, so a site costs nothing on the path where every call succeeds.
struct CallSite {
  const SourceManager* sources = nullptr;
  std::string_view node;  // the node's name; empty for other declarations
  SourceRange range;      // the declaration

  /// The declaration at `range` (not a node).
  static CallSite at(const SourceManager& sources, SourceRange range) { return {&sources, {}, range}; }
};

/// The site of `node`: its name and its declaration.
CallSite site_of(const SourceManager& sources, const ir::Node& node);

/// Throws graphc::Error R0001 "<location>: error[R0001]: <operation> for node '<node>'
/// failed: <cudaGetErrorName> (<cudaGetErrorString>)" unless `status` is cudaSuccess.
/// The runtime's per-thread last error is cleared, so a later cudaGetLastError() in the
/// caller's code does not see a failure graphc already reported.
void check(cudaError_t status, const char* operation, const CallSite& site = {});

/// Throws the same R0001 for a call that failed with the error `name` and its description
/// `text` (a driver call's, which check() cannot name).
[[noreturn]] void fail_call(const char* name, const char* text, const char* operation, const CallSite& site);

}  // namespace graphc::detail
