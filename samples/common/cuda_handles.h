// Move-only owners of the CUDA objects a generated-path sample creates itself (the
// generated Storage owns the buffers): the graph that the generated build() fills, its
// executable graph, and a stream. Every call is checked with graphc::check_cuda, as in
// the generated code.
#pragma once

#include <cuda_runtime_api.h>

#include <memory>
#include <type_traits>

#include "graphc/generated_support.h"

namespace graphc::samples {

struct GraphDeleter {
  void operator()(cudaGraph_t graph) const { cudaGraphDestroy(graph); }
};
struct GraphExecDeleter {
  void operator()(cudaGraphExec_t exec) const { cudaGraphExecDestroy(exec); }
};
struct StreamDeleter {
  void operator()(cudaStream_t stream) const { cudaStreamDestroy(stream); }
};

using UniqueGraph = std::unique_ptr<std::remove_pointer_t<cudaGraph_t>, GraphDeleter>;
using UniqueGraphExec = std::unique_ptr<std::remove_pointer_t<cudaGraphExec_t>, GraphExecDeleter>;
using UniqueStream = std::unique_ptr<std::remove_pointer_t<cudaStream_t>, StreamDeleter>;

inline UniqueGraph create_graph() {
  cudaGraph_t graph = nullptr;
  check_cuda(cudaGraphCreate(&graph, 0), "cudaGraphCreate");
  return UniqueGraph(graph);
}

/// Instantiates `graph` and uploads the executable graph, so the first launch costs what a
/// repeat launch costs (as graphc::Program::instantiate does).
inline UniqueGraphExec instantiate(cudaGraph_t graph, cudaStream_t stream, unsigned long long flags = 0) {
  cudaGraphExec_t exec = nullptr;
  check_cuda(cudaGraphInstantiate(&exec, graph, flags), "cudaGraphInstantiate");
  UniqueGraphExec owned(exec);
  check_cuda(cudaGraphUpload(exec, stream), "cudaGraphUpload");
  return owned;
}

inline UniqueStream create_stream() {
  cudaStream_t stream = nullptr;
  check_cuda(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), "cudaStreamCreateWithFlags");
  return UniqueStream(stream);
}

/// Launches `exec` on `stream` and waits for it.
inline void launch_and_wait(cudaGraphExec_t exec, cudaStream_t stream) {
  check_cuda(cudaGraphLaunch(exec, stream), "cudaGraphLaunch");
  check_cuda(cudaStreamSynchronize(stream), "cudaStreamSynchronize");
}

}  // namespace graphc::samples
