// Instance::bind: a buffer's new memory reaches every node that uses it on the live exec,
// through the exec's SetParams calls, after every check and every capture that could
// refuse it, so a refused binding changes nothing.
#include "build/build_graph.h"
#include "errors/cuda_check.h"
#include "errors/runtime_diag.h"
#include "graphc/instance.h"
#include "graphc/rebinding.h"
#include "instance/instance_state.h"
#include "ir/windows.h"
#include "update/recapture.h"

namespace graphc {
namespace {

// One buffer of one built graph that the binding reaches: the instantiated graph's own, or
// a called graph's buffer parameter that a call passes it to (`base` then includes the
// call's offset).
struct Reached {
  detail::BuiltGraph* built = nullptr;
  ir::BufferId buffer;
  void* base = nullptr;
};

void collect(detail::BuiltGraph& built, ir::BufferId id, void* base, std::vector<Reached>& out) {
  out.push_back({&built, id, base});
  for (const std::unique_ptr<detail::BuiltGraph>& call : built.calls) {
    if (!call) continue;
    for (std::uint32_t b = 0; b < call->buffer_sources.size(); ++b) {
      const auto& [source, bytes] = call->buffer_sources[b];
      if (source == id) collect(*call, ir::BufferId{b}, static_cast<std::byte*>(base) + bytes, out);
    }
  }
}

// Whether node `node` of `graph` (its copy ends, its memset) uses the memory of buffer `id`,
// itself or through a view.
bool memory_op_uses(const ir::Graph& graph, const ir::Node& node, ir::BufferId id) {
  const auto uses = [&](const ir::BufferSlice& slice) { return graph.storage(slice.id).root == id; };
  if (const auto* copy = std::get_if<ir::CopyNode>(&node.op)) return uses(copy->dst) || uses(copy->src);
  if (const auto* memset = std::get_if<ir::MemsetNode>(&node.op)) return uses(memset->dst);
  return false;
}

MemorySpace space_of(ir::MemorySpace space) {
  switch (space) {
    case ir::MemorySpace::device: return MemorySpace::device;
    case ir::MemorySpace::host: return MemorySpace::host;
    case ir::MemorySpace::managed: return MemorySpace::managed;
    case ir::MemorySpace::pageable: return MemorySpace::pageable;
  }
  return MemorySpace::device;
}

// R0059, R0020, R0053, R0007 and R0046 for `pointer` (`bytes`) as the memory of buffer `id`.
void check_memory(const detail::InstanceState& state, ir::BufferId id, void* pointer, std::size_t bytes) {
  const detail::ProgramState& program = *state.program;
  const ir::Buffer& buffer = state.graph().buffer(id);
  if (buffer.two_d()) {
    detail::fail(program.sources(), program.path, DiagCode::two_d_rebind, buffer.name_range, buffer.name, buffer.rank(),
                 "Instance::bind");
  }
  if (buffer.alloc.valid()) {
    detail::fail(program.sources(), program.path, DiagCode::alloc_bound, buffer.name_range, buffer.name);
  }
  if (buffer.view) {
    detail::fail(program.sources(), program.path, DiagCode::view_rebound, buffer.name_range, buffer.name,
                 buffer.view->base, state.graph().buffer(state.graph().storage(id).root).name);
  }
  if (ir::window_memory(state.graph())[id.value]) {
    detail::fail(program.sources(), program.path, DiagCode::window_rebound, buffer.name_range, buffer.name);
  }
  if (bytes < buffer.bytes()) {
    detail::fail(program.sources(), program.path, DiagCode::binding_size, buffer.name_range, buffer.name, bytes,
                 buffer.bytes());
  }
  const MemorySpace space = space_of(buffer.space);
  const cudaMemoryType type = memory_type_of(pointer);
  if (!fits_space(type, space)) {
    detail::fail(program.sources(), program.path, DiagCode::binding_space, buffer.name_range, buffer.name,
                 memory_space_name(space), memory_type_name(type));
  }
}

}  // namespace

void Instance::bind(std::string_view name, void* pointer, std::size_t bytes) {
  detail::InstanceState& state = *state_;
  const ir::BufferId id = detail::buffer_id(state, name);
  const ir::Buffer& buffer = state.graph().buffer(id);
  check_memory(state, id, pointer, bytes);

  std::vector<Reached> reached;
  collect(state.built, id, pointer, reached);
  // Every capture node that passes the buffer, captured again and checked first.
  std::vector<detail::Recapture> recaptured;
  for (const Reached& r : reached) {
    for (std::size_t i = 0; i < r.built->nodes.size(); ++i) {
      if (!r.built->captures[i].uses(r.buffer)) continue;
      detail::Recapture& again = recaptured.emplace_back();
      again.built = r.built;
      again.node = i;
      again.call = r.built->captures[i];
      again.call.set_buffer(r.buffer, r.base);
      if (detail::capture_same_shape(state, again)) continue;
      const detail::CaptureCall& before = r.built->captures[i];
      detail::fail(state.program->sources(), state.program->path, DiagCode::rebind_refused, before.node().name_range,
                   buffer.name, before.node().name, "before: " + before.shape() + "; now: " + again.call.shape());
    }
  }

  state.bindings.buffer(buffer.name, pointer, bytes);
  state.buffers.rebind(id, pointer);
  for (const Reached& r : reached) {
    detail::BuiltGraph& built = *r.built;
    built.buffers.at(r.buffer.value) = r.base;
    const ir::Graph& graph = state.program->module().graph(built.graph_id);
    for (std::size_t i = 0; i < built.nodes.size(); ++i) {
      const bool kernel = built.kernel_args[i].uses(r.buffer);
      if (kernel) built.kernel_args[i].set_buffer(r.buffer, r.base);
      const bool host = built.host_args[i].uses(r.buffer);
      if (host) built.host_args[i].set_buffer(r.buffer, r.base);
      if (kernel || host || memory_op_uses(graph, graph.nodes[i], r.buffer)) detail::update_node(state, built, i);
    }
  }
  detail::apply_recaptures(state, recaptured);
  if (state.device_launch()) detail::upload(state, nullptr);
}

}  // namespace graphc
