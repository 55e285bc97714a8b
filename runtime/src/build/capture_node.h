// Capture nodes at run time: what a node's function receives (its arguments with their
// current values), the capture of its graph, and the library state an instance owns for
// its capture nodes.
#pragma once

#include <cuda_runtime_api.h>

#include <vector>

#include "build/kernel_args.h"
#include "graphc/bindings.h"
#include "graphc/capture.h"
#include "graphc/capture_resources.h"
#include "graphc/nccl_ops.h"
#include "ir/graph.h"
#include "state/program_state.h"

namespace graphc::detail {

/// One capture node, or one collective node: its arguments as its function receives them,
/// and how to capture it.
class CaptureCall {
 public:
  CaptureCall() = default;
  /// The arguments of capture node `node` of `graph`: buffer pointers from `buffers` (per
  /// BufferId, advanced by the argument's offset), params from `params` (per ParamId),
  /// values in their type. A node in a body or a device-launch graph captures for `place`.
  /// A registered function is `fn` (null for a library operation); a cuBLAS operation gets
  /// a workspace of its own from `resources`, a cuSPARSE SpMV a plan (both made here, before
  /// any capture).
  CaptureCall(const ProgramState& program, const ir::Graph& graph, const ir::Node& node,
              const std::vector<void*>& buffers, const std::vector<Slot>& params, CapturePlace place,
              const CaptureFn* fn, CaptureResources& resources);
  /// Collective node `node` of `graph` over `comm`, called through `nccl`, with its buffers'
  /// pointers from `buffers`.
  CaptureCall(const ProgramState& program, const ir::Graph& graph, const ir::Node& node,
              const std::vector<void*>& buffers, CapturePlace place, ncclComm* comm, const NcclApi& nccl,
              CaptureResources& resources);

  /// Whether any argument passes param `id`; writes `value` into those that do.
  bool uses(ir::ParamId id) const;
  void set_param(ir::ParamId id, const Slot& value);
  /// Whether any argument passes buffer `id`; points those that do into `base`, the
  /// buffer's new memory, at their own offsets.
  bool uses(ir::BufferId id) const;
  void set_buffer(ir::BufferId id, void* base);

  /// A collective node's NCCL call run once outside capture, on scratch memory of its sizes
  /// (graphc::warm_up_collective), before its first capture: what NCCL needs to connect the
  /// communicator's ranks. Nothing for a capture node.
  void warm_up(CaptureResources& resources) const;
  /// Captures the node's graph with the current arguments (graphc::capture_graph) and
  /// returns it, owned by the caller; shape() then describes it. A collective over a
  /// `[register]` communicator registers its buffers first (ncclCommRegister, R0070), held
  /// until the next capture or this call's end. Throws graphc::Error R0041 / R0042 / R0043
  /// naming the node, R0001 for a failed CUDA call.
  cudaGraph_t capture(CaptureResources& resources);
  /// The node types of the last captured graph in CUDA's order, with its edges and those of
  /// its child graphs: what cudaGraphExecChildGraphNodeSetParams needs to stay the same.
  const std::string& shape() const { return shape_; }
  const ir::Node& node() const { return *node_; }

 private:
  // The arguments from `call` (buffer pointers, params' values, values).
  void set_args(const ir::Graph& graph, const ir::FunctionCall& call, const std::vector<void*>& buffers,
                const std::vector<Slot>& params);
  graphc::CollectiveCall collective_call() const;
  // The node's library operation on `stream`, which captures: cuBLAS or cuSPARSE with the
  // arguments' current values.
  void call_library(CaptureResources& resources, cudaStream_t stream) const;

  const ir::Node* node_ = nullptr;
  const ir::FunctionCall* call_ = nullptr;
  ir::LibraryCall library_;                         // a capture node's library operation, or none
  const ir::CollectiveCall* collective_ = nullptr;  // a collective node's call
  ncclComm* comm_ = nullptr;
  const NcclApi* nccl_ = nullptr;
  bool register_ = false;  // its communicator is `[register]`
  // Its buffers, registered before its last capture. A copy (a recapture's candidate, which
  // replaces this call once CUDA takes its graph) registers its own: it starts with none.
  struct Registered {
    BufferRegistrations held;
    Registered() = default;
    Registered(const Registered& /*other*/) {}
    Registered(Registered&&) noexcept = default;
    Registered& operator=(const Registered& other) {
      if (this != &other) held.clear();
      return *this;
    }
    Registered& operator=(Registered&&) noexcept = default;
    ~Registered() = default;
  };
  Registered registered_;
  std::string location_;
  CapturePlace place_ = CapturePlace::graph;
  const CaptureFn* fn_ = nullptr;
  std::size_t workspace_ = 0;  // a cuBLAS operation's workspace; a cuBLASLt, cuSPARSE or cuFFT operation's plan
  std::vector<CaptureArgs::Arg> args_;
  std::vector<ir::ParamId> params_;         // per argument: the param it passes, or invalid
  std::vector<ir::BufferId> buffers_;       // per argument: the buffer it passes, or invalid
  std::vector<std::int64_t> byte_offsets_;  // per argument passing a buffer: bytes into it
  std::string shape_;
};

/// The place of node `node` of `graph` inside a graph built for `outer` (the place of the
/// call that embeds `graph`, or of the instantiated graph itself).
CapturePlace capture_place(const ir::Graph& graph, const ir::Node& node, CapturePlace outer);

}  // namespace graphc::detail
