// The arguments of one host node as its function receives them: a block laid out as the C
// struct of their types (ir/host_args.h), which the node's callback hands the typed function
// bound with Bindings::host<Args>. A new param value or buffer binding makes a new block
// and gives the exec that (cudaGraphExecHostNodeSetParams); a block is never written once
// CUDA has it, since a launch already enqueued may still read it, and every block lives as
// long as the exec that may run it.
#pragma once

#include <cuda_runtime_api.h>

#include <cstdint>
#include <memory>
#include <vector>

#include "build/kernel_args.h"
#include "graphc/bindings.h"
#include "ir/graph.h"
#include "ir/host_args.h"

namespace graphc::detail {

/// What CUDA passes a typed host node's callback as its user data: the function and one
/// argument block (8-byte aligned, which covers every type of the language).
struct HostBlock {
  Bindings::BoundHost function;
  std::vector<Slot> storage;

  /// The cudaHostFn_t of typed host nodes: calls the function with the block.
  static void CUDART_CB run(void* self);
};

class HostArgs {
 public:
  HostArgs() = default;
  /// The arguments of `host` (a node of `graph`) for `function` as resolved: buffer
  /// pointers from `buffer_pointers` (per BufferId; a view's, its root's at its offset)
  /// advanced by the argument's offset, params from `params` (per ParamId), values in
  /// their own type. An untyped function (a cudaHostFn_t, for a node without arguments)
  /// takes no block.
  HostArgs(const ir::Graph& graph, const ir::HostNode& host, const Bindings::BoundHost& function,
           const std::vector<void*>& buffer_pointers, const std::vector<Slot>& params);
  HostArgs(HostArgs&&) = default;
  HostArgs& operator=(HostArgs&&) = default;

  /// The node's parameters as CUDA takes them: the typed callback and the current block,
  /// or the untyped function and its user data.
  cudaHostNodeParams params() const;
  /// Whether any argument passes param `id`.
  bool uses(ir::ParamId id) const;
  /// A new block with `value` in every argument that passes param `id`.
  void set_param(ir::ParamId id, const Slot& value);
  /// Whether any argument passes the memory of root buffer `id` (itself or a view of it).
  bool uses(ir::BufferId id) const;
  /// A new block with every argument that passes root buffer `id`'s memory pointing into
  /// `base`, at the argument's own offset.
  void set_buffer(ir::BufferId id, void* base);
  /// Whether `other` calls the same function with the same user data and argument bytes
  /// (Instance::reload's value path).
  bool same_call(const HostArgs& other) const;
  /// Keeps `older`'s blocks alive as long as this (an exec that ran them is taken over).
  void keep(HostArgs&& older);

 private:
  // The block that the next writes go into: a copy of the current one, which is retired.
  HostBlock& renew();

  ir::HostArgsLayout layout_;
  Bindings::BoundHost function_;
  std::vector<ir::ParamId> params_;                  // per argument: the param it passes, or invalid
  std::vector<ir::BufferId> buffers_;                // per argument: the root buffer it passes, or invalid
  std::vector<std::int64_t> byte_offsets_;           // per argument passing a buffer: bytes into it
  std::unique_ptr<HostBlock> current_;               // null for an untyped function
  std::vector<std::unique_ptr<HostBlock>> retired_;  // blocks earlier launches may still read
};

}  // namespace graphc::detail
