// The arguments of one kernel node as CUDA takes them (kernelParams: one pointer per
// argument to its bytes), kept alive by the Instance so a param update can rewrite the
// slots that pass the param and hand CUDA the whole array again.
#pragma once

#include <array>
#include <cstddef>
#include <cstring>
#include <vector>

#include <cuda_runtime_api.h>

#include "ir/graph.h"

namespace graphc::detail {

/// The bytes of one param's value, or of a scalar or pointer argument: 32 suffice for every
/// type of the language (the widest, double3 and longlong3, take 24), aligned for any.
struct alignas(16) Slot {
  std::array<std::byte, 32> bytes{};
  bool operator==(const Slot&) const = default;
};

/// The bytes of a scalar value (a param's value set, a call's value for a parameter).
Slot param_slot(const ir::Scalar& value);
/// The bytes of a value of vector `type`: `lanes` (each of its component type) one after
/// the other, at CUDA's offsets.
Slot vector_slot(ir::ScalarType type, const std::vector<ir::Scalar>& lanes);
/// The bytes of a param's default: of a vector param, its lanes (vector_slot).
Slot param_slot(const ir::Param& param);

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
  /// BufferId, as a std::size_t); `rank(tp)` from `ranks` (per CommId, as an int); values
  /// in their own type; a struct `S{...}` as its
  /// bytes by the C ABI (each field at its offset, padding zero). `@g` arguments start
  /// null: set_graph_exec gives them the exec once it exists. `&n` arguments pass n's
  /// handle from `device_nodes` (per NodeId), null while n is not yet added:
  /// set_device_node gives it then.
  KernelArgs(const ir::Graph& graph, const ir::KernelNode& kernel, const std::vector<void*>& buffer_pointers,
             const std::vector<std::size_t>& pitches, const std::vector<Slot>& params,
             const std::vector<cudaGraphConditionalHandle>& conds, const std::vector<int>& ranks,
             const std::vector<cudaGraphDeviceNode_t>& device_nodes);
  KernelArgs(KernelArgs&&) = default;
  KernelArgs& operator=(KernelArgs&&) = default;
  KernelArgs(const KernelArgs&) = delete;
  KernelArgs& operator=(const KernelArgs&) = delete;

  /// The kernelParams array (nullptr for a kernel with no parameters).
  void** pointers() { return pointers_.empty() ? nullptr : pointers_.data(); }
  /// Whether any argument (or field of a struct argument) passes param `id`.
  bool uses(ir::ParamId id) const;
  /// Writes `value` into every argument or field that passes param `id`.
  void set_param(ir::ParamId id, const Slot& value);
  /// Whether any argument (or field of a struct argument) passes buffer `id`.
  bool uses(ir::BufferId id) const;
  /// Points every argument or field that passes buffer `id` (`buf`, `buf + k`) into
  /// `base`, the buffer's new memory, at its own offset.
  void set_buffer(ir::BufferId id, void* base);
  /// Whether every argument's bytes are those of `other`'s (the same node's arguments as
  /// another build made them: Instance::reload's value path).
  bool same_bytes(const KernelArgs& other) const { return bytes_ == other.bytes_; }
  /// The graphs whose exec an argument passes (`@g`), in argument order.
  const std::vector<ir::GraphId>& graph_execs() const { return graph_execs_; }
  /// Writes `exec` into every argument that passes `@g` for graph `id`.
  void set_graph_exec(ir::GraphId id, cudaGraphExec_t exec);
  /// The kernel nodes whose device node handle an argument passes (`&n`), in argument order.
  const std::vector<ir::NodeId>& device_nodes() const { return device_nodes_; }
  /// Writes `handle` into every argument that passes `&n` for node `id`.
  void set_device_node(ir::NodeId id, cudaGraphDeviceNode_t handle);

 private:
  // One value inside the arguments' bytes: a whole scalar or pointer argument, or one
  // field of a struct argument, and what it passes.
  struct Value {
    std::size_t arg = 0;           // which argument
    std::size_t at = 0;            // bytes into it
    std::size_t size = 0;          // bytes it takes
    ir::ParamId param;             // the param it passes, or invalid
    ir::BufferId buffer;           // the buffer it passes, or invalid
    std::int64_t byte_offset = 0;  // passing a buffer: bytes into its root's memory
    ir::GraphId graph;             // the graph whose exec it passes, or invalid
    ir::NodeId node;               // the kernel node whose device node handle it passes, or invalid
  };

  // What the constructor reads.
  struct Sources {
    const ir::Graph& graph;
    const std::vector<void*>& buffer_pointers;
    const std::vector<std::size_t>& pitches;
    const std::vector<Slot>& params;
    const std::vector<cudaGraphConditionalHandle>& conds;
    const std::vector<int>& ranks;
    const std::vector<cudaGraphDeviceNode_t>& device_nodes;
  };
  void add(std::size_t arg, std::size_t at, const ir::KernelArg& value, const Sources& from);
  void write(const Value& value, const void* bytes) {
    std::memcpy(bytes_[value.arg].data() + value.at, bytes, value.size);
  }

  std::vector<std::vector<std::byte>> bytes_;  // per argument (each vector's heap storage survives moves)
  std::vector<void*> pointers_;                // into bytes_
  std::vector<Value> values_;
  std::vector<ir::GraphId> graph_execs_;  // the graphs of the values that pass `@g`, in order
  std::vector<ir::NodeId> device_nodes_;  // the nodes of the values that pass `&n`, in order
};

}  // namespace graphc::detail
