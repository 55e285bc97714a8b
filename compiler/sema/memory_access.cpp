#include "sema/memory_access.h"

#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "ir/library_ops.h"
#include "ir/node_kind.h"
#include "sema/check_kernel_signatures.h"
#include "sema/function_calls.h"
#include "sema/passes.h"

namespace graphc::sema {
namespace {

using ir::BufferId;
using ir::KernelArg;

bool intersect(const std::array<std::uint64_t, 2>& a, const std::array<std::uint64_t, 2>& b) {
  return a[0] < a[1] && b[0] < b[1] && a[0] < b[1] && b[0] < a[1];
}

// All of a 2-D or 3-D root buffer.
MemoryExtent whole_box(const ir::Buffer& root, BufferId id) {
  MemoryExtent e{id};
  e.slices = {0, root.slices()};
  e.rows = {0, root.count_value};
  e.columns = {0, root.width_value};
  return e;
}

// What a pointer to buffer `id`, advanced by `offset` of its elements, reaches: from there
// to the end of the buffer (or view).
MemoryExtent pointer_extent(const ir::Graph& graph, BufferId id, std::uint64_t offset) {
  const ir::Graph::Storage storage = graph.storage(id);
  const ir::Buffer& root = graph.buffer(storage.root);
  if (root.two_d()) return whole_box(root, storage.root);
  const ir::Buffer& buffer = graph.buffer(id);
  MemoryExtent e{storage.root};
  const std::uint64_t end = storage.offset + buffer.bytes();
  e.columns = {std::min(end, storage.offset + offset * ir::type_size(buffer.type)), end};
  return e;
}

// Why the extent pointer_extent gives a pointer to `id` passed to `who` ("a kernel") is
// assumed rather than known; empty for a view of a 1-D buffer, which says what it touches.
std::string assumed_extent(const ir::Graph& graph, BufferId id, std::string_view who) {
  if (graph.buffer(graph.storage(id).root).two_d()) {
    return fmt::format("{} is assumed to reach all of a 2-D or 3-D buffer it is passed", who);
  }
  if (graph.buffer(id).view) return {};
  return fmt::format("{} is assumed to reach from the pointer it is passed to the end of its buffer; pass it a view "
                     "of what it touches (`view NAME : type[count] of BUFFER + offset;`)",
                     who);
}

// A copy's or memset's end: its slice or box, at most `bytes` of a 1-D one.
MemoryExtent slice_extent(const ir::Graph& graph, const ir::BufferSlice& slice, std::uint64_t bytes = UINT64_MAX) {
  const ir::Graph::Storage storage = graph.storage(slice.id);
  const ir::Buffer& root = graph.buffer(storage.root);
  if (root.two_d()) {
    MemoryExtent e = whole_box(root, storage.root);
    if (slice.id != storage.root || slice.ranges() == 0) return e;
    e.rows = {slice.offset_value, slice.offset_value + slice.length_value};
    if (slice.columns_value != 0) e.columns = {slice.column_value, slice.column_value + slice.columns_value};
    if (slice.depth_value != 0) e.slices = {slice.z_value, slice.z_value + slice.depth_value};
    return e;
  }
  const std::uint64_t size = ir::type_size(graph.buffer(slice.id).type);
  MemoryExtent e{storage.root};
  const std::uint64_t begin = storage.offset + slice.offset_value * size;
  e.columns = {begin, begin + std::min(slice.length_value * size, bytes)};
  return e;
}

// Where `inner`, an access of a called graph's nodes to its buffer parameter, falls in the
// caller's memory: in the buffer the call passes, from the argument's offset, at the call's
// argument and with the inner access's `why`; none when the call passes no buffer there (a
// mismatch check_call_args reports) or it falls past the end. A box of a 2-D or 3-D
// parameter is not mapped: the call is then assumed to reach all it passes.
std::optional<MemoryAccess> at_call(const ir::Graph& caller, const ir::Graph& callee, const ir::ChildGraphNode& call,
                                    const NodeAccesses::ParameterAccess& inner) {
  if (inner.parameter >= call.args.size() || call.args[inner.parameter].kind != KernelArg::Kind::buffer) {
    return std::nullopt;
  }
  const KernelArg& arg = call.args[inner.parameter];
  const MemoryExtent& access = inner.access.extent;
  MemoryExtent extent = pointer_extent(caller, arg.buffer, arg.offset);
  std::string assumed = inner.access.assumed;
  if (!caller.buffer(extent.root).two_d() && !callee.buffer(access.root).two_d()) {
    const std::uint64_t base = extent.columns[0];
    extent.columns = {std::min(extent.columns[1], base + access.columns[0]),
                      std::min(extent.columns[1], base + access.columns[1])};
  } else if (assumed.empty()) {
    assumed = "a call is assumed to reach all of what it passes to a 2-D or 3-D buffer parameter";
  }
  if (extent.columns[0] >= extent.columns[1]) return std::nullopt;
  return MemoryAccess{extent, inner.access.access, arg.range, inner.access.why, std::move(assumed)};
}

class Accesses {
 public:
  Accesses(const ir::Module& module, const ir::Graph& graph, const KernelInfo& kernels, NodeAccesses& all)
      : module_(module), graph_(graph), kernels_(kernels), all_(all) {}

  std::vector<MemoryAccess> of(const ir::Node& node) {
    out_.clear();
    if (const auto* kernel = std::get_if<ir::KernelNode>(&node.op)) {
      if (!node.synthetic) add_kernel(*kernel);
    } else if (const auto* copy = std::get_if<ir::CopyNode>(&node.op)) {
      const std::uint64_t bytes = copy->bytes ? copy->bytes_value : UINT64_MAX;
      add(slice_extent(graph_, copy->dst, bytes), Access::write, copy->dst.range, "the copy's destination");
      add(slice_extent(graph_, copy->src, bytes), Access::read, copy->src.range, "the copy's source");
    } else if (const auto* memset = std::get_if<ir::MemsetNode>(&node.op)) {
      add(slice_extent(graph_, memset->dst), Access::write, memset->dst.range, "the memset's destination");
    } else if (const auto* host = std::get_if<ir::HostNode>(&node.op)) {
      for (const KernelArg* arg : ir::leaf_args(host->args)) {
        if (arg->kind == KernelArg::Kind::buffer) {
          add(pointer_extent(graph_, arg->buffer, arg->offset), Access::read_write, arg->range,
              "a host function may read and write what it is passed",
              assumed_extent(graph_, arg->buffer, "a host function"));
        }
      }
    } else if (ir::kind_info(node).statement == Statement::function_call) {
      AccessList list(graph_, out_);
      std::visit(
          [&]<class Op>(const Op& op) {
            if constexpr (ir::FunctionCallKind<Op>) add_accesses(list, node, op);
          },
          node.op);
    } else if (const auto* call = std::get_if<ir::ChildGraphNode>(&node.op)) {
      add_call(*call);
    } else if (const auto* conditional = std::get_if<ir::ConditionalNode>(&node.op)) {
      add_bodies(*conditional);
    }
    return std::move(out_);
  }

 private:
  void add(const MemoryExtent& extent, Access access, SourceRange range, std::string why, std::string assumed = {}) {
    AccessList(graph_, out_).add(extent, access, range, std::move(why), std::move(assumed));
  }

  void add_kernel(const ir::KernelNode& kernel) {
    const std::optional<FoundKernel> found =
        kernels_.module != nullptr ? find_kernel(*kernels_.module, *kernels_.kernels, kernel.function) : std::nullopt;
    const ir::KernelSignature* signature =
        found && found->kernel->params.size() == kernel.args.size() ? found->kernel : nullptr;
    for (std::size_t a = 0; a < kernel.args.size(); ++a) {
      const KernelArg& direct = kernel.args[a];
      std::vector<const KernelArg*> leaves{&direct};  // a struct by value: its fields
      if (direct.kind == KernelArg::Kind::aggregate) {
        leaves.clear();
        for (const KernelArg& field : direct.fields) leaves.push_back(&field);
      }
      for (const KernelArg* arg : leaves) {
        if (arg->kind != KernelArg::Kind::buffer) continue;
        const bool reads = std::find(kernel.reads.begin(), kernel.reads.end(), arg->buffer) != kernel.reads.end();
        const bool writes = std::find(kernel.writes.begin(), kernel.writes.end(), arg->buffer) != kernel.writes.end();
        const MemoryExtent extent = pointer_extent(graph_, arg->buffer, arg->offset);
        std::string assumed = assumed_extent(graph_, arg->buffer, "a kernel");
        const std::string& name = graph_.buffer(arg->buffer).name;
        if (reads || writes) {
          const Access access = reads && writes ? Access::read_write : reads ? Access::read : Access::write;
          add(extent, access, arg->range,
              reads && writes ? fmt::format("reads({0}) and writes({0})", name)
                              : fmt::format("{}({})", reads ? "reads" : "writes", name),
              std::move(assumed));
        } else if (signature != nullptr && &direct == arg && signature->params[a].pointee_const) {
          add(extent, Access::read, arg->range, fmt::format("parameter {} is '{}'", a + 1, signature->params[a].cxx),
              std::move(assumed));
        } else {
          add(extent, Access::read_write, arg->range, unknown_access(signature, a, &direct == arg), std::move(assumed));
        }
      }
    }
  }

  // Why a kernel may write what an argument points at.
  static std::string unknown_access(const ir::KernelSignature* signature, std::size_t a, bool direct) {
    if (signature == nullptr) return "the kernel's signature is not known here, so it may write what it is passed";
    if (!direct) return fmt::format("a pointer in the struct of parameter {} may be written through", a + 1);
    const ir::KernelParam& param = signature->params[a];
    if (!param.typed()) return fmt::format("parameter {} has no C++ type (a .ptx module's extern \"C\" kernel)", a + 1);
    return fmt::format("parameter {} is '{}', not a pointer to const", a + 1, param.cxx);
  }

  // What the called graph does to its buffer parameters, at the buffers the call passes.
  void add_call(const ir::ChildGraphNode& call) {
    if (!call.graph_id.valid()) return;
    const ir::Graph& callee = module_.graph(call.graph_id);
    for (const NodeAccesses::ParameterAccess& inner : all_.of_parameters(call.graph_id)) {
      if (std::optional<MemoryAccess> access = at_call(graph_, callee, call, inner)) out_.push_back(std::move(*access));
    }
  }

  void add_bodies(const ir::ConditionalNode& conditional) {
    Accesses inner(module_, graph_, kernels_, all_);
    for (const ir::Node& node : graph_.nodes) {
      if (std::holds_alternative<ir::ConditionalNode>(node.op)) continue;
      const bool inside = std::any_of(conditional.bodies.begin(), conditional.bodies.end(), [&](ir::BodyId body) {
        return node.body.valid() && graph_.body_within(node.body, body);
      });
      if (!inside) continue;
      for (MemoryAccess& access : inner.of(node)) {
        access.why = fmt::format("node '{}' of its body: {}", node.name, access.why);
        out_.push_back(std::move(access));
      }
    }
  }

  const ir::Module& module_;
  const ir::Graph& graph_;
  const KernelInfo& kernels_;
  NodeAccesses& all_;
  std::vector<MemoryAccess> out_;
};

std::optional<std::size_t> parameter_index(const ir::Graph& graph, BufferId buffer) {
  for (std::size_t p = 0; p < graph.parameters.size(); ++p) {
    if (graph.parameters[p].kind == ir::Parameter::Kind::buffer && graph.parameters[p].buffer == buffer) return p;
  }
  return std::nullopt;
}

}  // namespace

void AccessList::add(const MemoryExtent& extent, Access access, SourceRange range, std::string why,
                     std::string assumed) {
  if (extent.columns[0] >= extent.columns[1]) return;  // nothing: an empty slice
  out_.push_back(MemoryAccess{extent, access, range, std::move(why), std::move(assumed)});
}

MemoryExtent AccessList::pointer_extent(ir::BufferId id, std::uint64_t offset) const {
  return sema::pointer_extent(graph_, id, offset);
}

std::string AccessList::assumed_extent(ir::BufferId id, std::string_view who) const {
  return sema::assumed_extent(graph_, id, who);
}

bool MemoryExtent::overlaps(const MemoryExtent& other) const {
  return root == other.root && intersect(slices, other.slices) && intersect(rows, other.rows) &&
         intersect(columns, other.columns);
}

bool writes(Access access) { return access != Access::read; }

std::string_view access_name(Access access) {
  switch (access) {
    case Access::read: return "reads";
    case Access::write: return "writes";
    case Access::read_write: return "reads and writes";
  }
  return {};
}

NodeAccesses::NodeAccesses(const ir::Module& module, const KernelInfo& kernels)
    : module_(module), kernels_(kernels), parameters_(module.graphs.size()) {}

std::vector<MemoryAccess> NodeAccesses::of(const ir::Graph& graph, ir::NodeId id) {
  return Accesses(module_, graph, kernels_, *this).of(graph.node(id));
}

const std::vector<NodeAccesses::ParameterAccess>& NodeAccesses::of_parameters(ir::GraphId id) {
  if (parameters_[id.value]) return *parameters_[id.value];
  const ir::Graph& graph = module_.graph(id);
  std::vector<ParameterAccess> out;
  // Parameter, extent, kind and whether the extent is assumed of each access kept: a certain
  // access is never dropped for an assumed one alike.
  std::set<std::array<std::uint64_t, 9>> seen;
  const auto keep = [&](MemoryAccess access, std::size_t calls, std::string innermost) {
    const std::optional<std::size_t> p = parameter_index(graph, access.extent.root);
    if (!p) return;  // the graph's own memory
    const MemoryExtent& e = access.extent;
    const std::array<std::uint64_t, 9> key{*p,
                                           e.slices[0],
                                           e.slices[1],
                                           e.rows[0],
                                           e.rows[1],
                                           e.columns[0],
                                           e.columns[1],
                                           static_cast<std::uint64_t>(access.access),
                                           access.assumed.empty() ? 0u : 1u};
    if (e.columns[0] >= e.columns[1] || !seen.insert(key).second) return;
    out.push_back(ParameterAccess{*p, std::move(access), calls, std::move(innermost)});
  };
  Accesses own(module_, graph, kernels_, *this);
  for (const ir::Node& node : graph.nodes) {
    if (std::holds_alternative<ir::ConditionalNode>(node.op)) continue;  // its bodies' nodes count themselves
    const auto* call = std::get_if<ir::ChildGraphNode>(&node.op);
    if (call == nullptr) {
      for (MemoryAccess& access : own.of(node)) {
        access.why = fmt::format("node '{}' of graph '{}': {}", node.name, graph.name, access.why);
        std::string innermost = access.why;
        keep(std::move(access), 0, std::move(innermost));
      }
      continue;
    }
    if (!call->graph_id.valid()) continue;
    const ir::Graph& callee = module_.graph(call->graph_id);
    // The path from here names this call and the innermost node, and counts the calls between.
    for (const ParameterAccess& inner : of_parameters(call->graph_id)) {
      std::optional<MemoryAccess> access = at_call(graph, callee, *call, inner);
      if (!access) continue;
      access->why = inner.calls == 0
                        ? fmt::format("node '{}' of graph '{}': {}", node.name, graph.name, inner.innermost)
                        : fmt::format("node '{}' of graph '{}', through {}: {}", node.name, graph.name,
                                      counted(inner.calls, "more call"), inner.innermost);
      keep(std::move(*access), inner.calls + 1, inner.innermost);
    }
  }
  parameters_[id.value] = std::move(out);
  return *parameters_[id.value];
}

std::string describe_extent(const ir::Graph& graph, const MemoryExtent& extent) {
  const ir::Buffer& root = graph.buffer(extent.root);
  if (!root.two_d()) {
    const std::uint64_t size = ir::type_size(root.type);
    return fmt::format("elements [{}, {})", extent.columns[0] / size, (extent.columns[1] + size - 1) / size);
  }
  std::string out = fmt::format("rows [{}, {}) and columns [{}, {})", extent.rows[0], extent.rows[1], extent.columns[0],
                                extent.columns[1]);
  if (root.three_d()) out = fmt::format("slices [{}, {}), {}", extent.slices[0], extent.slices[1], out);
  return out;
}

}  // namespace graphc::sema
