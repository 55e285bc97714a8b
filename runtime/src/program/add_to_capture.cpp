// Instance::add_to_capture: a graphc graph inside someone else's stream capture, as one
// child graph node joined to the capture's dependencies.
#include <fmt/format.h>

#include "build/build_graph.h"
#include "build/node_params.h"
#include "errors/cuda_check.h"
#include "errors/runtime_diag.h"
#include "graphc/instance.h"
#include "instance/instance_state.h"
#include "ir/node_kind.h"

namespace graphc {
namespace {

std::string_view status_name(cudaStreamCaptureStatus status) {
  switch (status) {
    case cudaStreamCaptureStatusNone: return "the stream is not capturing (cudaStreamCaptureStatusNone)";
    case cudaStreamCaptureStatusInvalidated:
      return "the stream's capture was invalidated by an earlier error (cudaStreamCaptureStatusInvalidated)";
    default: return "";
  }
}

// Relaxed stream-capture mode for this thread while it lives (cudaThreadExchangeStreamCaptureMode):
// building the child graph allocates (cuBLAS workspaces) and captures its capture nodes on
// graphc's own stream, which the caller's capture in global or thread-local mode would
// forbid as unsafe calls; the caller's mode comes back after.
class RelaxedCaptureMode {
 public:
  explicit RelaxedCaptureMode(const detail::CallSite& site) {
    detail::check(cudaThreadExchangeStreamCaptureMode(&mode_), "cudaThreadExchangeStreamCaptureMode", site);
  }
  RelaxedCaptureMode(const RelaxedCaptureMode&) = delete;
  RelaxedCaptureMode& operator=(const RelaxedCaptureMode&) = delete;
  ~RelaxedCaptureMode() { cudaThreadExchangeStreamCaptureMode(&mode_); }

 private:
  cudaStreamCaptureMode mode_ = cudaStreamCaptureModeRelaxed;
};

}  // namespace

void Instance::add_to_capture(cudaStream_t stream) {
  detail::InstanceState& state = *state_;
  const ir::Graph& graph = state.graph();
  const detail::ProgramState& program = *state.program;
  const detail::CallSite site = detail::CallSite::at(program.sources(), graph.range);
  for (const ir::Node& node : graph.nodes) {
    if (const NodeKindInfo& kind = ir::kind_info(node); !kind.in_child_graph) {
      detail::fail(program.sources(), program.path, DiagCode::not_capturable, graph.name_range, graph.name,
                   fmt::format("it holds {0} node '{1}', and CUDA allows no {0} node in a child graph "
                               "(cudaChildGraphNodeParams)",
                               kind.cuda_words, node.name));
    }
  }
  cudaStreamCaptureStatus status = cudaStreamCaptureStatusNone;
  cudaGraph_t target = nullptr;
  const cudaGraphNode_t* dependencies = nullptr;
  const cudaGraphEdgeData* edge_data = nullptr;
  std::size_t count = 0;
  detail::check(cudaStreamGetCaptureInfo(stream, &status, nullptr, &target, &dependencies, &edge_data, &count),
                "cudaStreamGetCaptureInfo", site);
  if (status != cudaStreamCaptureStatusActive) {
    detail::fail(program.sources(), program.path, DiagCode::not_capturable, graph.name_range, graph.name,
                 status_name(status));
  }
  // Copied: the capture info's arrays live only until the next call on the stream.
  const std::vector<cudaGraphNode_t> from(dependencies, dependencies + count);
  std::vector<cudaGraphEdgeData> data(count);
  if (edge_data != nullptr) data.assign(edge_data, edge_data + count);
  detail::BuiltGraph fresh = [&] {
    const RelaxedCaptureMode relaxed(site);
    return detail::build_graph(program, state.graph_id, state.functions, state.buffers.pointers(),
                               state.buffers.pitches(), state.params, state.events.events(), *state.captures);
  }();
  cudaGraphNodeParams p = detail::child_graph_node_params(fresh.graph.get());
  cudaGraphNode_t node = nullptr;
  detail::check(cudaGraphAddNode(&node, target, from.data(), data.data(), count, &p),
                "cudaGraphAddNode (a child graph in a stream capture)", site);
  fresh.graph.release();  // moved into the node, which the captured graph owns
  detail::check(cudaStreamUpdateCaptureDependencies(stream, &node, nullptr, 1, cudaStreamSetCaptureDependencies),
                "cudaStreamUpdateCaptureDependencies", site);
}

}  // namespace graphc
