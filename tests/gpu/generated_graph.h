// A graph of the generated code, built and instantiated for a test: its Storage, the
// Bindings it was built with, its Nodes and exec (the generated_*_test files).
#pragma once

#include <cuda_runtime_api.h>

#include "graphc/generated_support.h"

namespace graphc::test {

/// `Storage`, `Bindings`, `Nodes`, `build` and `flags` are those of one generated graph
/// namespace (graphc::gen::NAME).
template <class Storage, class Bindings, class Nodes, void (*build)(cudaGraph_t, const Bindings&, Nodes&),
          unsigned long long flags>
struct GeneratedGraph {
  Storage storage;
  Bindings b = storage.bindings();
  Nodes nodes;
  cudaGraph_t graph = nullptr;
  cudaGraphExec_t exec = nullptr;

  GeneratedGraph() : GeneratedGraph([](Bindings&) {}) {}
  /// `bind` sets what build() reads besides the buffers and params first (host functions,
  /// capture functions): `[](auto& b) { b.report = &report; }`.
  template <class Bind>
  explicit GeneratedGraph(Bind bind) {
    bind(b);
    check_cuda(cudaGraphCreate(&graph, 0), "cudaGraphCreate");
    build(graph, b, nodes);
    check_cuda(cudaGraphInstantiate(&exec, graph, flags), "cudaGraphInstantiate");
  }
  GeneratedGraph(const GeneratedGraph&) = delete;
  GeneratedGraph& operator=(const GeneratedGraph&) = delete;
  ~GeneratedGraph() {
    cudaGraphExecDestroy(exec);
    cudaGraphDestroy(graph);
  }

  /// Launches the exec on the default stream (read_buffer and read synchronize).
  void launch() { check_cuda(cudaGraphLaunch(exec, nullptr), "cudaGraphLaunch"); }
};

}  // namespace graphc::test
