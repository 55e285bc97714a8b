#include "resources/buffers.h"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "errors/cuda_check.h"
#include "errors/runtime_diag.h"
#include "graphc/devices.h"
#include "ir/windows.h"

namespace graphc::detail {

void check_bindings(const ProgramState& program, const std::vector<const ir::Graph*>& graphs,
                    const Bindings& bindings) {
  for (const auto& [name, bound] : bindings.buffers()) {
    bool declared = false;
    for (const ir::Graph* graph : graphs) {
      const std::optional<ir::BufferId> id = graph->find_buffer(name);
      if (!id) continue;
      declared = true;
      const ir::Buffer& buffer = graph->buffer(*id);
      if (buffer.alloc.valid()) fail(program.sources(), program.path, DiagCode::alloc_bound, buffer.name_range, name);
      if (buffer.view) {
        fail(program.sources(), program.path, DiagCode::view_bound, buffer.name_range, name, buffer.view->base,
             graph->buffer(graph->storage(*id).root).name);
      }
      if (bound.pitch != 0 && !buffer.two_d()) {
        fail(program.sources(), program.path, DiagCode::pitched_one_d, buffer.name_range, name, bound.pitch);
      }
      const std::size_t pitch = bound.pitch != 0 ? bound.pitch : buffer.row_bytes();
      if (buffer.two_d() && pitch < buffer.row_bytes()) {
        fail(program.sources(), program.path, DiagCode::binding_pitch, buffer.name_range, name, pitch,
             buffer.row_bytes(), buffer.width_value, ir::type_name(buffer.type));
      }
      // A 2-D or 3-D buffer's last row needs only its own bytes after the pitch of those before.
      const std::uint64_t needed =
          buffer.two_d() ? pitch * (buffer.all_rows() - 1) + buffer.row_bytes() : buffer.bytes();
      if (bound.bytes < needed) {
        fail(program.sources(), program.path, DiagCode::binding_size, buffer.name_range, name, bound.bytes, needed);
      }
    }
    const ir::Graph& first = *graphs.front();
    if (!declared) fail_unknown(program.sources(), program.path, DiagCode::no_such_buffer, first, name, first.buffers);
  }
}

std::vector<std::byte> initial_contents(const ir::Buffer& buffer) {
  const ir::BufferInit& init = buffer.init;
  if (init.kind == ir::BufferInit::Kind::none || init.folded.empty()) return {};
  // Values of the elements' lanes in memory order (a scalar element has one lane).
  const ir::ScalarType type = ir::component_type(buffer.type);
  const std::size_t size = ir::type_size(type);
  const std::uint64_t values = buffer.count_value * ir::lanes(buffer.type);
  std::vector<std::byte> out(buffer.bytes());
  auto put = [&](std::uint64_t i, const ir::Scalar& value) {
    std::memcpy(out.data() + i * size, value.bytes().data(), size);
  };
  switch (init.kind) {
    case ir::BufferInit::Kind::fill:
      for (std::uint64_t i = 0; i < values; ++i) put(i, init.folded[0]);
      break;
    case ir::BufferInit::Kind::iota: {
      const ir::Scalar& start = init.folded[0];
      for (std::uint64_t i = 0; i < values; ++i) {
        put(i, start.is_float()
                   ? ir::Scalar::of_float(type, start.floating + static_cast<double>(i)).convert(type)
                   : ir::Scalar::of_integer(type, start.integer + static_cast<std::int64_t>(i)).convert(type));
      }
      break;
    }
    case ir::BufferInit::Kind::list:
      for (std::uint64_t i = 0; i < values && i < init.folded.size(); ++i) put(i, init.folded[i]);
      break;
    case ir::BufferInit::Kind::none: break;
  }
  return out;
}

namespace {

// The devices `buffer`'s `peers(...)` names reach its device (its `device(i)`, or the one the
// graph is built on), whether graphc allocates it or the program binds it.
void grant_peer_access(const ProgramState& program, const ir::Buffer& buffer) {
  const std::string location = program.sources().location(buffer.range);
  const int device = buffer.device_value ? *buffer.device_value : current_device(buffer.name.c_str(), location.c_str());
  enable_peer_access(device, buffer.peer_values, buffer.name.c_str(), location.c_str());
}

}  // namespace

const BufferSet::Owned* BufferSet::find_owned(const ir::Buffer& buffer, bool window) const {
  for (const Owned& owned : owned_) {
    if (owned.name == buffer.name && owned.type == buffer.type && owned.count == buffer.count_value &&
        owned.width == buffer.width_value && owned.depth == buffer.depth_value && owned.space == buffer.space &&
        owned.device == buffer.device_value && (owned.window.get() != nullptr) == window) {
      return &owned;
    }
  }
  return nullptr;
}

void BufferSet::take_reused(BufferSet& reuse) {
  for (const std::string& name : reused_) {
    const auto from =
        std::find_if(reuse.owned_.begin(), reuse.owned_.end(), [&](const Owned& o) { return o.name == name; });
    owned_.push_back(std::move(*from));
    reuse.owned_.erase(from);
  }
  reused_.clear();
}

BufferSet BufferSet::create(const ProgramState& program, const ir::Graph& graph, const Bindings& bindings,
                            const BufferSet* reuse) {
  BufferSet set;
  const std::vector<bool> windows = ir::window_memory(graph);
  for (std::size_t i = 0; i < graph.buffers.size(); ++i) {
    const ir::Buffer& buffer = graph.buffers[i];
    const bool window = windows[i];
    // An alloc's mem alloc node gives its address when it is added (build_graph); a view's
    // address is its root's, advanced (memory_place).
    if (buffer.alloc.valid() || buffer.view) {
      set.pointers_.push_back(nullptr);
      set.pitches_.push_back(0);
      continue;
    }
    if (!buffer.peer_values.empty()) grant_peer_access(program, buffer);
    if (const Bindings::BoundBuffer* bound = bindings.find_buffer(buffer.name)) {
      set.pointers_.push_back(bound->ptr);
      set.pitches_.push_back(!buffer.two_d() ? 0 : bound->pitch != 0 ? bound->pitch : buffer.row_bytes());
      continue;
    }
    if (const Owned* kept = reuse != nullptr ? reuse->find_owned(buffer, window) : nullptr) {
      set.pointers_.push_back(kept->pointer());
      set.pitches_.push_back(kept->pitch);
      set.reused_.push_back(buffer.name);
      continue;
    }
    const CallSite site = CallSite::at(program.sources(), buffer.range);
    // Placed memory is allocated (and filled) with its device current.
    const std::string location = program.sources().location(buffer.range);
    const DeviceScope on_device(buffer.device_value.value_or(-1), "buffer", buffer.name.c_str(), location.c_str());
    Allocation allocation;
    NcclAllocation<std::byte> window_memory;
    std::size_t pitch = 0;
    if (window) {  // one dimension of device memory (the validator's E1117)
      window_memory = NcclAllocation<std::byte>(buffer.bytes(), buffer.name.c_str(), location.c_str());
    } else if (buffer.pitched() && buffer.three_d()) {
      const std::string what = fmt::format("cudaMalloc3D of {} slices of {} rows of {} bytes for buffer '{}'",
                                           buffer.depth_value, buffer.count_value, buffer.row_bytes(), buffer.name);
      check(allocation.allocate_volume(buffer.space, buffer.row_bytes(), buffer.count_value, buffer.depth_value, pitch),
            what.c_str(), site);
    } else if (buffer.pitched()) {
      const std::string what = fmt::format("cudaMallocPitch of {} rows of {} bytes for buffer '{}'", buffer.count_value,
                                           buffer.row_bytes(), buffer.name);
      check(allocation.allocate_rows(buffer.space, buffer.row_bytes(), buffer.count_value, pitch), what.c_str(), site);
    } else {
      const std::string what = fmt::format("{} of {} bytes for buffer '{}'", Allocation::allocator(buffer.space),
                                           buffer.bytes(), buffer.name);
      check(allocation.allocate(buffer.space, buffer.bytes()), what.c_str(), site);
      if (buffer.two_d()) pitch = buffer.row_bytes();
    }
    void* memory = window ? static_cast<void*>(window_memory.get()) : allocation.get();
    const std::vector<std::byte> contents = initial_contents(buffer);
    if (!contents.empty()) {
      const std::string copy = fmt::format("cudaMemcpy of the initial contents of buffer '{}'", buffer.name);
      check(cudaMemcpy(memory, contents.data(), contents.size(), cudaMemcpyDefault), copy.c_str(), site);
    }
    set.pointers_.push_back(memory);
    set.pitches_.push_back(pitch);
    const std::size_t bytes = pitch != 0 && buffer.pitched() ? pitch * buffer.all_rows() : buffer.bytes();
    set.owned_.push_back(Owned{buffer.name, buffer.type, buffer.count_value, buffer.width_value, buffer.depth_value,
                               buffer.space, buffer.device_value, std::move(allocation), pitch,
                               std::move(window_memory), bytes});
  }
  return set;
}

std::size_t BufferSet::allocated_bytes(bool host) const {
  std::size_t bytes = 0;
  for (const Owned& owned : owned_) {
    const bool in_host = owned.space == ir::MemorySpace::host || owned.space == ir::MemorySpace::pageable;
    if (in_host == host) bytes += owned.bytes;
  }
  return bytes;
}

}  // namespace graphc::detail
