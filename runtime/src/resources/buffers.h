// The memory behind a graph's buffers: bound by the caller (Bindings::buffer) or
// allocated per memory space, with the declared initial contents written once, at
// allocation.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "graphc/bindings.h"
#include "graphc/nccl_ops.h"
#include "ir/graph.h"
#include "resources/handles.h"
#include "state/program_state.h"

namespace graphc::detail {

/// Checks `bindings` against `graphs` (the graph being instantiated first, then the graphs
/// it launches, which the same bindings apply to) before anything is allocated: every
/// bound name is a buffer of one of them (R0010, at the first graph's name), none is an
/// alloc's memory (R0020) or a view (R0052), and each holds at least the bytes of every
/// buffer of that name (R0007, at the buffer's declaration); a 2-D buffer's pitch holds its
/// row (R0058), and only a 2-D buffer is bound pitched (R0055).
void check_bindings(const ProgramState& program, const std::vector<const ir::Graph*>& graphs, const Bindings& bindings);

/// The initial contents of `buffer` (fill, iota or list) as bytes in its element type
/// (count * element size); empty when it declares none.
std::vector<std::byte> initial_contents(const ir::Buffer& buffer);

class BufferSet {
 public:
  /// Memory for every buffer of `graph`: the bound pointer, or an allocation in the
  /// buffer's space (cudaMalloc, cudaMallocHost, cudaMallocManaged; a 2-D device buffer
  /// cudaMallocPitch, other 2-D buffers dense rows; a window of a `[window]` communicator
  /// ncclMemAlloc, R0070 when NCCL refuses) with its initial contents copied in
  /// (cudaMemcpy, synchronous). An alloc's memory gets nullptr here: its mem alloc node
  /// returns the address (BuiltGraph::buffers); so does a view, whose users take their
  /// root's pointer (memory_place). Throws R0001 naming the buffer.
  /// With `reuse` (Instance::reload): a buffer that `reuse` allocated under the same name,
  /// type, count and memory space uses that memory as it is (contents kept, nothing
  /// written); it stays `reuse`'s until take_reused moves it here.
  static BufferSet create(const ProgramState& program, const ir::Graph& graph, const Bindings& bindings,
                          const BufferSet* reuse = nullptr);

  /// Bytes of the memory this set allocated (not the caller's bound memory), in host spaces
  /// (`host`: cudaMallocHost, pageable) or in the others (device, managed, windows).
  std::size_t allocated_bytes(bool host) const;

  /// Takes over from `reuse` the allocations create() reused (once the reload commits).
  void take_reused(BufferSet& reuse);

  /// Per BufferId.
  const std::vector<void*>& pointers() const { return pointers_; }
  /// Per BufferId: bytes between the rows of a 2-D buffer (cudaMallocPitch's, or the bound
  /// pitch); 0 for 1-D buffers.
  const std::vector<std::size_t>& pitches() const { return pitches_; }
  void* pointer(ir::BufferId id) const { return pointers_.at(id.value); }
  /// Buffer `id` uses `pointer` from now on (Instance::bind); an allocation this set made
  /// for it stays owned, and is freed with the set.
  void rebind(ir::BufferId id, void* pointer) { pointers_.at(id.value) = pointer; }

 private:
  /// One buffer's memory this set allocated, with what makes it reusable.
  struct Owned {
    std::string name;
    ir::ScalarType type = ir::ScalarType::f32;
    std::uint64_t count = 0;
    std::uint64_t width = 0;
    std::uint64_t depth = 0;
    ir::MemorySpace space = ir::MemorySpace::device;
    std::optional<int> device;  // `device(i)`
    Allocation memory;
    std::size_t pitch = 0;
    /// A window's memory (ir/windows.h), in place of `memory`: ncclMemAlloc's.
    NcclAllocation<std::byte> window;
    std::size_t bytes = 0;  // as allocated: a pitched buffer's rows at its pitch
    void* pointer() const { return window.get() != nullptr ? window.get() : memory.get(); }
  };
  /// The allocation of `buffer`'s name and shape, a window's (`window`) or not.
  const Owned* find_owned(const ir::Buffer& buffer, bool window) const;

  std::vector<void*> pointers_;
  std::vector<std::size_t> pitches_;
  std::vector<Owned> owned_;
  std::vector<std::string> reused_;  // names of `reuse`'s allocations this set uses
};

}  // namespace graphc::detail
