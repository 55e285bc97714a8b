#include "update/node_changes.h"

#include <fmt/format.h>

#include "build/node_params.h"
#include "errors/cuda_check.h"
#include "ir/node_kind.h"
#include "ir/overloaded.h"
#include "update/refold.h"

namespace graphc::detail {
namespace {

bool same(const dim3& a, const dim3& b) { return a.x == b.x && a.y == b.y && a.z == b.z; }

bool same(const cudaPitchedPtr& a, const cudaPitchedPtr& b) {
  return a.ptr == b.ptr && a.pitch == b.pitch && a.xsize == b.xsize && a.ysize == b.ysize;
}

bool same(const cudaPos& a, const cudaPos& b) { return a.x == b.x && a.y == b.y && a.z == b.z; }

bool same(const cudaExtent& a, const cudaExtent& b) {
  return a.width == b.width && a.height == b.height && a.depth == b.depth;
}

bool same(const cudaMemcpy3DParms& a, const cudaMemcpy3DParms& b) {
  return a.srcArray == b.srcArray && same(a.srcPos, b.srcPos) && same(a.srcPtr, b.srcPtr) && a.dstArray == b.dstArray &&
         same(a.dstPos, b.dstPos) && same(a.dstPtr, b.dstPtr) && same(a.extent, b.extent) && a.kind == b.kind;
}

bool same(const cudaMemsetParamsV2& a, const cudaMemsetParamsV2& b) {
  return a.dst == b.dst && a.pitch == b.pitch && a.value == b.value && a.elementSize == b.elementSize &&
         a.width == b.width && a.height == b.height;
}

// The kernel's function, launch shape and shared memory (its arguments are compared apart).
bool same(const cudaKernelNodeParams& a, const cudaKernelNodeParams& b) {
  return a.func == b.func && same(a.gridDim, b.gridDim) && same(a.blockDim, b.blockDim) &&
         a.sharedMemBytes == b.sharedMemBytes;
}

bool same(const LaunchAttributes& a, const LaunchAttributes& b) {
  return a.has_priority == b.has_priority && a.priority == b.priority && a.cluster == b.cluster &&
         a.cooperative == b.cooperative && a.sync_domain == b.sync_domain && a.has_carveout == b.has_carveout &&
         a.carveout == b.carveout && a.window_base == b.window_base && a.window_bytes == b.window_bytes &&
         a.hit_ratio == b.hit_ratio;
}

// Walks a fresh built graph beside the old one, node for node.
class Comparison {
 public:
  Comparison(InstanceState& fresh, InstanceState& old) : fresh_(fresh), old_(old) {}

  void compare(BuiltGraph& f, BuiltGraph& o) {
    const ir::Graph& fg = fresh_.program->module().graph(f.graph_id);
    const ir::Graph& og = old_.program->module().graph(o.graph_id);
    for (std::size_t i = 0; i < f.nodes.size() && out_.blocker.empty(); ++i) {
      const ir::Node& fn = current_node(fresh_, f, i);
      const ir::Node& on = current_node(old_, o, i);
      const bool changed = std::visit(
          ir::Overloaded{
              [&](const ir::KernelNode& kernel) { return kernel_changed(f, o, fg, og, i, fn, kernel); },
              [&](const ir::HostNode&) { return !f.host_args[i].same_call(o.host_args[i]); },
              [&](const ir::CopyNode& copy) {
                return !same(
                    copy_node_params(fg, copy, f.buffers, f.pitches).memcpy.copyParams,
                    copy_node_params(og, std::get<ir::CopyNode>(on.op), o.buffers, o.pitches).memcpy.copyParams);
              },
              [&](const ir::MemsetNode& memset) {
                return !same(memset_node_params(fg, memset, f.buffers, f.pitches).memset,
                             memset_node_params(og, std::get<ir::MemsetNode>(on.op), o.buffers, o.pitches).memset);
              },
              [&](const ir::EventRecordNode& record) {
                return event(fresh_, record.id) != event(old_, std::get<ir::EventRecordNode>(on.op).id);
              },
              [&](const ir::EventWaitNode& wait) {
                return event(fresh_, wait.id) != event(old_, std::get<ir::EventWaitNode>(on.op).id);
              },
              [&](const ir::ChildGraphNode&) {
                compare(*f.calls[i], *o.calls[i]);  // CUDA sets a child graph's nodes through the parent's exec
                return false;
              },
              [](const auto&) { return false; },  // empty nodes; the others never take this path
          },
          fn.op);
      if (changed) out_.nodes.push_back({&f, &o, i});
    }
  }

  NodeChanges take() { return std::move(out_); }

 private:
  bool kernel_changed(BuiltGraph& f, BuiltGraph& o, const ir::Graph& fg, const ir::Graph& og, std::size_t i,
                      const ir::Node& node, const ir::KernelNode& kernel) {
    const ir::KernelNode& before = std::get<ir::KernelNode>(current_node(old_, o, i).op);
    if ((kernel.launch.any() || before.launch.any()) &&
        !same(launch_attributes(fg, kernel.launch, f.buffers), launch_attributes(og, before.launch, o.buffers))) {
      out_.blocker = fmt::format("kernel node '{}' changed its launch attributes, which only a graph's node takes "
                                 "(cudaGraphKernelNodeSetAttribute)",
                                 node.name);
      return false;
    }
    const cudaKernel_t function = fresh_.functions.at(f.graph_id.value).kernels[i];
    const cudaKernel_t was = old_.functions.at(o.graph_id.value).kernels[i];
    if (function == was) f.kernel_functions[i] = o.kernel_functions[i];  // its CUfunction, if looked up
    return !same(kernel_params(function, kernel, f.kernel_args[i]), kernel_params(was, before, o.kernel_args[i])) ||
           !f.kernel_args[i].same_bytes(o.kernel_args[i]);
  }

  static cudaEvent_t event(const InstanceState& state, ir::EventId id) { return state.events.events().at(id.value); }

  InstanceState& fresh_;
  InstanceState& old_;
  NodeChanges out_;
};

}  // namespace

std::string node_setting_blocker(const ir::Module& module, ir::GraphId id) {
  for (const ir::Node& node : module.graph(id).nodes) {
    if (ir::kind_info(node).update == UpdatePath::recapture) {
      return fmt::format("{} node '{}' is captured again, which takes a graph build", ir::kind_name(node), node.name);
    }
    if (const auto* call = std::get_if<ir::ChildGraphNode>(&node.op)) {
      std::string inner = node_setting_blocker(module, call->graph_id);
      if (!inner.empty()) return inner;
    }
  }
  return {};
}

NodeChanges node_changes(InstanceState& fresh, InstanceState& old) {
  Comparison comparison(fresh, old);
  comparison.compare(fresh.built, old.built);
  return comparison.take();
}

std::string set_node_changes(InstanceState& fresh, InstanceState& old, const std::vector<NodeChange>& changes) {
  fresh.exec = std::move(old.exec);
  std::size_t done = 0;
  try {
    for (; done < changes.size(); ++done) update_node(fresh, *changes[done].fresh, changes[done].index);
  } catch (const Error& refused) {
    (void)cudaGetLastError();  // reported in the returned reason, not left for the next CUDA call
    old.exec = std::move(fresh.exec);
    // The nodes set before go back to what `old` holds. Should CUDA refuse that too, the
    // caller's graph update that follows sets every node anyway.
    for (std::size_t k = 0; k < done; ++k) {
      try {
        update_node(old, *changes[k].old, changes[k].index);
      } catch (const Error&) {
        (void)cudaGetLastError();
      }
    }
    return refused.what();
  }
  return {};
}

}  // namespace graphc::detail
