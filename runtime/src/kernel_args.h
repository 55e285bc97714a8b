// The arguments of one kernel node as CUDA takes them (kernelParams: one pointer per
// argument to its bytes), kept alive by the Instance so a param update can rewrite the
// slots that pass the param and hand CUDA the whole array again.
#pragma once

#include <array>
#include <cstddef>
#include <vector>

#include <cuda_runtime_api.h>

#include "ir/graph.h"

namespace graphc::detail {

/// The bytes of one scalar or pointer argument (8 suffice for every type of the
/// language), aligned for any of them.
struct alignas(8) Slot {
  std::array<std::byte, 8> bytes{};
};

/// The value bytes of a param (its default, or the last value set).
Slot param_slot(const ir::Scalar& value);

/// Where element `offset` of buffer `id` is (`buf + k` arguments, slices, call arguments):
/// the buffer whose pointer a graph's pointer table holds (a view's root; any other buffer
/// itself) and how many bytes into it. Every pointer to a buffer's memory is computed from
/// this, so a view's users follow its root when Instance::bind moves it.
struct MemoryPlace {
  ir::BufferId root;
  std::int64_t bytes = 0;
};
MemoryPlace memory_place(const ir::Graph& graph, ir::BufferId id, std::int64_t offset);
/// The address of `place`: its root's pointer in `buffers` (per BufferId) advanced by its bytes.
void* address_of(const std::vector<void*>& buffers, MemoryPlace place);

class KernelArgs {
 public:
  KernelArgs() = default;
  /// The arguments of `kernel`: buffer pointers from `buffer_pointers` (per BufferId),
  /// advanced by the argument's offset in elements; params from `params` (per ParamId);
  /// conditional handles from `conds` (per CondId); `pitch(buf)` from `pitches` (per
  /// BufferId, as a std::size_t); values in their own type. `@g`
  /// arguments start null: set_graph_exec gives them the exec once it exists.
  KernelArgs(const ir::Graph& graph, const ir::KernelNode& kernel, const std::vector<void*>& buffer_pointers,
             const std::vector<std::size_t>& pitches, const std::vector<Slot>& params,
             const std::vector<cudaGraphConditionalHandle>& conds);
  KernelArgs(KernelArgs&&) = default;
  KernelArgs& operator=(KernelArgs&&) = default;
  KernelArgs(const KernelArgs&) = delete;
  KernelArgs& operator=(const KernelArgs&) = delete;

  /// The kernelParams array (nullptr for a kernel with no parameters).
  void** pointers() { return pointers_.empty() ? nullptr : pointers_.data(); }
  /// Whether any argument passes param `id`.
  bool uses(ir::ParamId id) const;
  /// Writes `value` into every argument that passes param `id`.
  void set_param(ir::ParamId id, const Slot& value);
  /// Whether any argument passes buffer `id`.
  bool uses(ir::BufferId id) const;
  /// Points every argument that passes buffer `id` (`buf`, `buf + k`) into `base`, the
  /// buffer's new memory, at the argument's own offset.
  void set_buffer(ir::BufferId id, void* base);
  /// The graphs whose exec an argument passes (`@g`), in argument order.
  const std::vector<ir::GraphId>& graph_execs() const { return graph_execs_; }
  /// Writes `exec` into every argument that passes `@g` for graph `id`.
  void set_graph_exec(ir::GraphId id, cudaGraphExec_t exec);

 private:
  std::vector<Slot> slots_;
  std::vector<void*> pointers_;    // into slots_ (a vector's heap storage survives moves)
  std::vector<ir::ParamId> params_;  // per argument: the param it passes, or invalid
  std::vector<ir::BufferId> buffers_;  // per argument: the buffer it passes, or invalid
  std::vector<std::int64_t> byte_offsets_;  // per argument passing a buffer: bytes into it
  std::vector<ir::GraphId> graph_per_arg_;  // per argument: the graph whose exec it passes, or invalid
  std::vector<ir::GraphId> graph_execs_;    // the valid entries of graph_per_arg_
};

}  // namespace graphc::detail
