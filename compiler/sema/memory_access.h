// What memory each node reads and writes, for the race analysis (check_races.h) and
// `graphc check --explain`: copies and memsets exactly (their slices and boxes), kernels by
// their pointer arguments (read only through a pointer to const, or where the node states
// `reads(x)`; otherwise the kernel may write), host and capture nodes by the buffers they
// are passed (a GEMM reads A and B and writes C, within the span of each matrix), a call by
// what the called graph's nodes do to its buffer parameters, and a conditional node by what
// the nodes of its bodies do. A pointer argument without a view has an assumed extent (to
// the end of its buffer), which the race check reports apart (W0305).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ir/graph.h"
#include "ir/kernel_signature.h"
#include "source/source.h"

namespace graphc::sema {

/// A part of a buffer's memory: its root buffer (a view's or an alloc's memory resolved) and
/// a box of it, each bound half-open. A 1-D root: one slice, one row, and `columns` in
/// bytes. A 2-D or 3-D root: slices, rows and columns in elements (its pitch is known only
/// at run time, but two boxes overlap exactly when all three ranges do).
struct MemoryExtent {
  ir::BufferId root;
  std::array<std::uint64_t, 2> slices{0, 1};
  std::array<std::uint64_t, 2> rows{0, 1};
  std::array<std::uint64_t, 2> columns{0, 0};
  bool overlaps(const MemoryExtent& other) const;
};

enum class Access : std::uint8_t { read, write, read_write };
bool writes(Access access);
std::string_view access_name(Access access);  // "reads", "writes", "reads and writes"

/// One access of a node.
struct MemoryAccess {
  MemoryExtent extent;
  Access access = Access::read_write;
  SourceRange range;  // where the node names the memory: the argument, the copy end
  /// Why this access: "a copy's destination", "parameter 1 is 'float const*'", "reads(x)".
  std::string why;
  /// Empty where the extent is known (a copy's or memset's slice or box, a view, a GEMM's
  /// matrices); else why it is assumed: a pointer to a buffer passed to a kernel, a host
  /// function or a captured function is taken to reach from where it points to the end of
  /// the buffer, since what the function does with it is not known.
  std::string assumed;
};

/// Where a node's accesses go, for the code of a kind that works out its own
/// (sema/function_calls.h's add_accesses): the node's graph and what it touches.
class AccessList {
 public:
  AccessList(const ir::Graph& graph, std::vector<MemoryAccess>& out) : graph_(graph), out_(out) {}

  const ir::Graph& graph() const { return graph_; }
  /// Adds one access of `extent`; none when the extent is empty (an empty slice).
  void add(const MemoryExtent& extent, Access access, SourceRange range, std::string why, std::string assumed = {});
  /// What a pointer to buffer `id`, advanced by `offset` of its elements, reaches: from there
  /// to the end of the buffer or view (all of a 2-D or 3-D root).
  MemoryExtent pointer_extent(ir::BufferId id, std::uint64_t offset) const;
  /// Why pointer_extent's extent for `id` passed to `who` ("a captured function") is assumed
  /// rather than known (MemoryAccess::assumed); empty for a view of a 1-D buffer.
  std::string assumed_extent(ir::BufferId id, std::string_view who) const;

 private:
  const ir::Graph& graph_;
  std::vector<MemoryAccess>& out_;
};

/// The kernels the module's modules declare, as read (compile.h's module_kernels); empty
/// when they were not read: every kernel may then write what it is passed.
struct KernelInfo {
  const ir::Module* module = nullptr;
  const std::vector<ir::ModuleKernels>* kernels = nullptr;
};

/// The accesses of a module's nodes. A call's accesses are what the called graph's nodes do
/// to its buffer parameters (its own buffers are its own), worked out once per graph and
/// kept, so a call costs its graph's accesses, never an expansion of the calls below it. Of
/// those, an access equal to an earlier one in parameter, extent and kind is left out: it
/// can never be the first of a conflict, which is what the race check reports.
class NodeAccesses {
 public:
  NodeAccesses(const ir::Module& module, const KernelInfo& kernels);

  /// Every access of node `id` of `graph`, in argument order: a call's mapped to the caller's
  /// buffers at the call's offsets; a conditional node's, every node's of its bodies.
  std::vector<MemoryAccess> of(const ir::Graph& graph, ir::NodeId id);

  /// One access of a graph's nodes to its buffer parameter `parameter` (an index into
  /// Graph::parameters), its `why` naming the node and the graph ("node 'k' of graph 'g':
  /// ..."); through calls, the call, how many calls below it and the innermost node, so that
  /// it stays short however deep the calls go.
  struct ParameterAccess {
    std::size_t parameter = 0;
    MemoryAccess access;
    std::size_t calls = 0;  // the calls between this graph and the node that accesses
    std::string innermost;  // that node's "node 'k' of graph 'g0': why"
  };
  /// What graph `id`'s nodes (its calls' included) do to its buffer parameters, once.
  const std::vector<ParameterAccess>& of_parameters(ir::GraphId id);

 private:
  const ir::Module& module_;
  KernelInfo kernels_;
  std::vector<std::optional<std::vector<ParameterAccess>>> parameters_;  // per GraphId, once worked out
};

/// "elements [0, 512)", "rows [0, 16) and columns [4, 8)": the part of `root` (a root
/// buffer of `graph`) that `extent` covers, in the buffer's elements.
std::string describe_extent(const ir::Graph& graph, const MemoryExtent& extent);

}  // namespace graphc::sema
