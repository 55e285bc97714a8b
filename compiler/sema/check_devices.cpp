// Several devices in one graph: each buffer's `device(i)` and `peers(...)` folded to device
// numbers (E1201), placing device memory (E1202), each peer once and not the buffer's own
// device (E1203); a kernel placed on a device reaches the device memory it is passed (E1204:
// the same device, or one the memory grants peer access), where both devices are written
// (the runtime checks the rest when it knows the device it builds on, R0073); no kernel
// placed inside a conditional body or a graph instantiated for device launch (E1205), which
// CUDA runs on one device. A copy that may cross devices is a peer copy (cudaMemcpyDefault).
#include <algorithm>
#include <climits>
#include <string>

#include <fmt/format.h>

#include "ir/devices.h"
#include "sema/bodies.h"
#include "sema/passes.h"

namespace graphc::sema {
namespace {

// A device number: a constant from 0 that fits an int.
std::optional<int> device_number(GraphContext& ctx, const ir::Buffer& buffer, const ir::Expr& e,
                                 std::string_view what) {
  const std::optional<ir::Scalar> v = ctx.folder.fold_integer(e, fmt::format("{} of buffer '{}'", what, buffer.name));
  if (!v) return std::nullopt;
  if ((ir::is_signed(v->type) && v->integer < 0) || static_cast<std::uint64_t>(v->integer) > INT_MAX) {
    ctx.diags.report(DiagCode::device_number, e.range, what, buffer.name, v->text());
    return std::nullopt;
  }
  return static_cast<int>(v->integer);
}

void place_buffer(GraphContext& ctx, ir::Buffer& buffer) {
  if (!buffer.device && buffer.peers.empty()) return;
  if (buffer.space != ir::MemorySpace::device) {
    const SourceRange at = buffer.device ? buffer.device->range : buffer.peers.front().range;
    ctx.diags.report(DiagCode::placement_space, at, buffer.name,
                     fmt::format("{} memory", ir::space_name(buffer.space)));
    return;
  }
  if (buffer.device) buffer.device_value = device_number(ctx, buffer, *buffer.device, "the device");
  for (const ir::Expr& peer : buffer.peers) {
    const std::optional<int> device = device_number(ctx, buffer, peer, "a peer");
    if (!device) continue;
    if (device == buffer.device_value) {
      ctx.diags.report(DiagCode::peer_repeated, peer.range, buffer.name, *device, "where its memory is");
    } else if (std::find(buffer.peer_values.begin(), buffer.peer_values.end(), *device) != buffer.peer_values.end()) {
      ctx.diags.report(DiagCode::peer_repeated, peer.range, buffer.name, *device, "twice");
    } else {
      buffer.peer_values.push_back(*device);
    }
  }
}

// A kernel on `device` and each device-memory buffer it is passed that is placed elsewhere.
void check_reach(GraphContext& ctx, const ir::Node& node, int device) {
  for (const ir::PassedMemory& passed : ir::passed_device_memory(ctx.graph, std::get<ir::KernelNode>(node.op))) {
    const ir::Buffer& memory = *passed.memory;
    if (!memory.device_value || *memory.device_value == device) continue;
    const std::vector<int>& peers = memory.peer_values;
    if (std::find(peers.begin(), peers.end(), device) != peers.end()) continue;
    ctx.diags
        .report(DiagCode::unreachable_peer, passed.arg->range, node.name, device,
                ctx.graph.buffer(passed.arg->buffer).name, *memory.device_value, device, device, *memory.device_value)
        .note<NoteCode::placed_here>(memory.device->range, memory.name, *memory.device_value);
  }
}

// A copy between device memory of which either side is placed may cross devices: a peer
// copy, which CUDA infers from the pointers (cudaMemcpyDefault, unified addressing).
void peer_copy(const ir::Graph& graph, ir::CopyNode& copy) {
  if (copy.kind != ir::CopyKind::device_to_device || !copy.dst.id.valid() || !copy.src.id.valid()) return;
  const auto placed = [&](ir::BufferId id) { return graph.buffer(graph.storage(id).root).device_value.has_value(); };
  if (placed(copy.dst.id) || placed(copy.src.id)) copy.kind = ir::CopyKind::unified;
}

}  // namespace

void check_devices(GraphContext& ctx) {
  for (ir::Buffer& buffer : ctx.graph.buffers) place_buffer(ctx, buffer);
  for (ir::Node& node : ctx.graph.nodes) {
    if (auto* copy = std::get_if<ir::CopyNode>(&node.op)) peer_copy(ctx.graph, *copy);
    const auto* kernel = std::get_if<ir::KernelNode>(&node.op);
    if (kernel == nullptr || !kernel->device) continue;
    if (node.body.valid() || ctx.graph.device_launch.valid()) {
      const bool body = node.body.valid();
      ctx.diags.report(DiagCode::placed_in_body, node.name_range, node.name, *kernel->device,
                       body_location(ctx.graph, node.body),
                       body ? "a conditional body" : "a graph instantiated for device launch");
      continue;
    }
    check_reach(ctx, node, *kernel->device);
  }
}

}  // namespace graphc::sema
