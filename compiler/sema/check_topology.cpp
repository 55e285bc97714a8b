#include "sema/check_topology.h"

#include <algorithm>

#include <fmt/format.h>

namespace graphc::sema {
namespace {

class TopologyChecker {
 public:
  TopologyChecker(const ir::DeviceTopology& topology, const std::string& origin, DiagEngine& diags)
      : topology_(topology), origin_(origin), diags_(diags) {}

  void graph(const ir::Graph& graph) {
    for (const ir::Buffer& buffer : graph.buffers) {
      if (buffer.device && buffer.device_value) {
        on_machine(buffer.device->range, "the device", "buffer", buffer.name, *buffer.device_value);
      }
      for (std::size_t i = 0; i < buffer.peers.size() && i < buffer.peer_values.size(); ++i) {
        const int peer = buffer.peer_values[i];
        if (!on_machine(buffer.peers[i].range, "a peer", "buffer", buffer.name, peer)) continue;
        const int device = buffer.device_value.value_or(0);
        if (!buffer.device_value || topology_.reaches(peer, device)) continue;
        diags_
            .report(DiagCode::peer_not_in_topology, buffer.peers[i].range, buffer.name, device, peer, origin_, peer,
                    device)
            .note<NoteCode::placed_here>(buffer.device->range, buffer.name, device);
      }
    }
    for (const ir::Node& node : graph.nodes) {
      const auto* kernel = std::get_if<ir::KernelNode>(&node.op);
      if (kernel == nullptr || !kernel->device) continue;
      const auto attribute = std::find_if(kernel->attributes.begin(), kernel->attributes.end(),
                                          [](const ir::KernelAttribute& a) { return a.name == "device"; });
      on_machine(attribute != kernel->attributes.end() ? attribute->range : node.name_range, "the device", "kernel",
                 node.name, *kernel->device);
    }
  }

 private:
  // E1206 unless `device` is one of the machine's.
  bool on_machine(SourceRange range, std::string_view role, std::string_view kind, const std::string& name,
                  int device) {
    if (device < topology_.devices) return true;
    diags_.report(DiagCode::device_not_in_topology, range, role, kind, name, device, origin_, topology_.devices,
                  topology_.devices == 1 ? "" : "s");
    return false;
  }

  const ir::DeviceTopology& topology_;
  const std::string& origin_;
  DiagEngine& diags_;
};

}  // namespace

void check_topology(const ir::Module& module, const ir::DeviceTopology& topology, const std::string& origin,
                    DiagEngine& diags) {
  TopologyChecker checker(topology, origin, diags);
  for (const ir::Graph& graph : module.graphs) checker.graph(graph);
}

}  // namespace graphc::sema
