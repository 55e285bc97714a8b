#include "build/build_graph.h"

#include <optional>
#include <string>

#include "build/configure_nodes.h"
#include "build/function_call_nodes.h"
#include "build/node_params.h"
#include "errors/cuda_check.h"
#include "graphc/devices.h"
#include "ir/creation_order.h"
#include "ir/devices.h"
#include "ir/node_kind.h"
#include "ir/overloaded.h"

namespace graphc::detail {
namespace {

// The communicators a graph's collectives run over, and this process's rank in each, per CommId.
struct BoundComms {
  std::vector<ncclComm*> comms;
  std::vector<int> ranks;
};

BuiltGraph create_graph(const ProgramState& program, ir::GraphId id, const std::vector<ResolvedFunctions>& functions,
                        const std::vector<void*>& buffers, const std::vector<std::size_t>& pitches,
                        const std::vector<Slot>& params, const std::vector<cudaEvent_t>& events, BoundComms comms,
                        CaptureResources& resources, CapturePlace place, const BuiltGraph* live);

class GraphBuilder {
 public:
  GraphBuilder(const ProgramState& program, const std::vector<ResolvedFunctions>& functions,
               const std::vector<Slot>& params, const std::vector<cudaEvent_t>& events, CaptureResources& resources,
               BuiltGraph& built, const BuiltGraph* live)
      : program_(program),
        graph_(program.module().graph(built.graph_id)),
        all_functions_(functions),
        functions_(functions.at(built.graph_id.value)),
        buffers_(built.buffers),
        params_(params),
        events_(events),
        resources_(resources),
        built_(built),
        live_(live),
        order_(program.creation_orders.at(built.graph_id.value)),
        places_devices_(ir::places_devices(graph_)) {}

  // The conds declared in `body`, then its nodes, into `target` (the graph itself, or the
  // body graph CUDA made for it; null when preparing against a live graph, which has no
  // conditional nodes).
  void build(cudaGraph_t target, ir::BodyId body) {
    for (std::uint32_t c = 0; c < graph_.conds.size(); ++c) {
      if (graph_.conds[c].body == body) create_handle(target, ir::CondId{c});
    }
    for (const ir::NodeId id : order_.nodes(body)) add(target, id);
  }

  // Every `&n` argument gets n's device node handle, which a kernel node added before n was
  // built without: its parameters are set again (cudaGraphNodeSetParams, before the graph is
  // instantiated). Against a live graph, the handles are the exec's from the start.
  void link_device_nodes() {
    for (std::size_t i = 0; i < built_.kernel_args.size(); ++i) {
      KernelArgs& args = built_.kernel_args[i];
      if (args.device_nodes().empty()) continue;
      for (const ir::NodeId target : args.device_nodes())
        args.set_device_node(target, built_.device_nodes[target.value]);
      if (live_ != nullptr) continue;
      const ir::Node& node = current(ir::NodeId{static_cast<std::uint32_t>(i)});
      cudaGraphNodeParams p = kernel_node_params(functions_.kernels[i], std::get<ir::KernelNode>(node.op), args);
      check(cudaGraphNodeSetParams(built_.nodes[i], &p), "cudaGraphNodeSetParams (the device node handles it passes)",
            site_of(program_.sources(), node));
    }
  }

 private:
  // The handle is created on the graph that holds its conditional node (the validator
  // checked that this is where the cond is declared).
  void create_handle(cudaGraph_t target, ir::CondId id) {
    if (live_ != nullptr) {  // a cond no conditional node tests: the exec's handle, which kernels are passed
      built_.conds[id.value] = live_->conds.at(id.value);
      return;
    }
    const ir::Cond& cond = graph_.cond(id);
    const unsigned flags = cond.default_value ? cudaGraphCondAssignDefault : 0;
    const std::string operation = "cudaGraphConditionalHandleCreate for cond '" + cond.name + "'";
    check(cudaGraphConditionalHandleCreate(&built_.conds[id.value], target, cond.folded_default, flags),
          operation.c_str(), CallSite::at(program_.sources(), cond.name_range));
  }

  // Node `id` as the current values of its params configure it.
  const ir::Node& current(ir::NodeId id) const {
    const bool reconfigured = id.value < built_.configured.size() && built_.configured[id.value];
    return reconfigured ? *built_.configured[id.value] : graph_.node(id);
  }

  void add(cudaGraph_t target, ir::NodeId id) {
    const ir::Node& node = current(id);
    std::optional<DeviceScope> on_device;  // a node placed on a device is added with it current
    if (places_devices_) place(node, on_device);
    GraphHandle owned;  // a graph the node takes (a function call's, as a capture's), until it does
    cudaGraphNodeParams p = std::visit(
        ir::Overloaded{
            [&](const ir::KernelNode& kernel) {
              built_.kernel_args[id.value] = KernelArgs(graph_, kernel, buffers_, built_.pitches, params_, built_.conds,
                                                        built_.ranks, built_.device_nodes);
              return kernel_node_params(functions_.kernels[id.value], kernel, built_.kernel_args[id.value]);
            },
            [&](const ir::CopyNode& copy) { return copy_node_params(graph_, copy, buffers_, built_.pitches); },
            [&](const ir::MemsetNode& memset) { return memset_node_params(graph_, memset, buffers_, built_.pitches); },
            [&](const ir::HostNode& host) {
              built_.host_args[id.value] = HostArgs(graph_, host, functions_.hosts[id.value], buffers_, params_);
              return host_node_params(built_.host_args[id.value].params());
            },
            [&](const ir::EmptyNode&) { return empty_node_params(); },
            [&](const ir::ConditionalNode& c) { return conditional_node_params(c, built_.conds.at(c.cond_id.value)); },
            [&](const ir::EventRecordNode& record) { return event_record_node_params(events_.at(record.id.value)); },
            [&](const ir::EventWaitNode& wait) { return event_wait_node_params(events_.at(wait.id.value)); },
            [&](const ir::AllocNode& a) {
              const ir::Buffer& memory = graph_.buffer(a.buffer);
              access_ = peer_access_descs(memory.peer_values);
              return alloc_node_params(memory.bytes(), memory.device_value.value_or(device()), access_);
            },
            [&](const ir::FreeNode& f) { return free_node_params(buffers_.at(f.buffer.value)); },
            [&](const ir::ChildGraphNode& call) {
              built_.calls[id.value] = build_call(id, call, capture_place(graph_, node, built_.place));
              return child_graph_node_params(built_.calls[id.value]->graph.get());
            },
            [&]<ir::FunctionCallKind Op>(const Op& op) {
              NodeBuild b{program_, graph_, id,         node,       buffers_,
                          params_,  built_, functions_, resources_, capture_place(graph_, node, built_.place),
                          owned};
              return function_call_node_params(b, op);
            },
        },
        node.op);
    if (live_ != nullptr) {
      built_.nodes[id.value] = live_->nodes[id.value];  // the exec's node, which the caller sets if it changed
    } else {
      add_node(target, id, node, p);
    }
    if (const auto* alloc = std::get_if<ir::AllocNode>(&node.op)) {
      buffers_.at(alloc->buffer.value) = p.alloc.dptr;  // fixed for the graph's lifetime
    }
    if (const auto* kernel = std::get_if<ir::KernelNode>(&node.op); kernel != nullptr && kernel->launch.any()) {
      set_attributes(id, node, *kernel, p.kernel);
    }
    if (const auto* conditional = std::get_if<ir::ConditionalNode>(&node.op)) {
      // CUDA created the body graphs with the node (phGraph_out, owned by the node).
      for (std::size_t i = 0; i < conditional->bodies.size(); ++i) {
        build(p.conditional.phGraph_out[i], conditional->bodies[i]);
      }
    }
    if (std::holds_alternative<ir::ChildGraphNode>(node.op)) {
      built_.calls[id.value]->graph.release();  // moved into the node, which destroys it with the graph
    }
    owned.release();  // likewise
  }

  // In a graph placed on several devices: a kernel node reaches what it is passed (what the
  // validator could not know of an unplaced side, which is on the device the graph is built
  // on), and a placed node's device is made current in `on_device`.
  void place(const ir::Node& node, std::optional<DeviceScope>& on_device) {
    const int built_on = device();
    const std::string location = program_.sources().location(node.name_range);
    if (const auto* kernel = std::get_if<ir::KernelNode>(&node.op)) {
      for (const ir::PassedMemory& passed : ir::passed_device_memory(graph_, *kernel)) {
        check_peer_reach(node.name.c_str(), kernel->device.value_or(built_on),
                         graph_.buffer(passed.arg->buffer).name.c_str(), passed.memory->device_value.value_or(built_on),
                         passed.memory->peer_values, location.c_str());
      }
    }
    if (const std::optional<int> placed = ir::placed_device(graph_, node)) {
      on_device.emplace(*placed, ir::kind_name(node).data(), node.name.c_str(), location.c_str());
    }
  }

  // cudaGraphAddNode of `node` with `p`, after its dependencies; edge data only where a
  // port is not the default, as the generated code passes it.
  void add_node(cudaGraph_t target, ir::NodeId id, const ir::Node& node, cudaGraphNodeParams& p) {
    from_.clear();
    data_.clear();
    bool ports = false;
    for (const ir::Dependency& d : order_.dependencies(id)) {
      from_.push_back(built_.nodes[d.from.value]);
      data_.push_back(edge_data(d.port));
      ports = ports || d.port != ir::EdgePort::default_;
    }
    check(cudaGraphAddNode(&built_.nodes[id.value], target, from_.data(), ports ? data_.data() : nullptr, from_.size(),
                           &p),
          "cudaGraphAddNode", site_of(program_.sources(), node));
  }

  // A kernel node's launch attributes (graphc/launch_attributes.h), after the cooperative
  // grid is checked against the device, and a device-updatable node's handle. A live
  // graph's node keeps those it has (the caller compared them).
  void set_attributes(ir::NodeId id, const ir::Node& node, const ir::KernelNode& kernel,
                      const cudaKernelNodeParamsV2& launch) {
    const std::string location = program_.sources().location(node.name_range);
    if (kernel.launch.cooperative) {
      const unsigned long long blocks = 1ull * launch.gridDim.x * launch.gridDim.y * launch.gridDim.z;
      check_cooperative_grid(launch.func, blocks,
                             static_cast<int>(launch.blockDim.x * launch.blockDim.y * launch.blockDim.z),
                             launch.sharedMemBytes, node.name.c_str(), location.c_str());
    }
    if (live_ != nullptr) return;
    built_.device_nodes[id.value] =
        set_launch_attributes(built_.nodes[id.value], launch_attributes(graph_, kernel.launch, buffers_),
                              node.name.c_str(), location.c_str());
  }

  // The called graph, its parameters bound to the call's arguments: a buffer parameter is
  // the argument's memory from its offset on; a scalar parameter the caller's param (its
  // current value) or the value, already converted to the parameter's type by the validator;
  // a `comm` parameter the caller's communicator (and this process's rank in it).
  std::unique_ptr<BuiltGraph> build_call(ir::NodeId id, const ir::ChildGraphNode& call, CapturePlace place) {
    const ir::Graph& callee = program_.module().graph(call.graph_id);
    std::vector<void*> buffers(callee.buffers.size(), nullptr);
    std::vector<Slot> params(callee.params.size());
    std::vector<ir::ParamId> sources(callee.params.size());
    std::vector<std::pair<ir::BufferId, std::int64_t>> buffer_sources(callee.buffers.size());
    BoundComms comms{std::vector<ncclComm*>(callee.comms.size(), nullptr), std::vector<int>(callee.comms.size(), 0)};
    for (std::size_t i = 0; i < callee.parameters.size(); ++i) {
      const ir::Parameter& parameter = callee.parameters[i];
      const ir::KernelArg& arg = call.args.at(i);
      if (parameter.kind == ir::Parameter::Kind::comm) {
        comms.comms[parameter.comm.value] = built_.comms.at(arg.comm.value);
        comms.ranks[parameter.comm.value] = built_.ranks.at(arg.comm.value);
      } else if (parameter.kind == ir::Parameter::Kind::buffer) {
        const MemoryPlace place = memory_place(graph_, arg.buffer, arg.offset);
        buffers[parameter.buffer.value] = address_of(buffers_, place);
        buffer_sources[parameter.buffer.value] = {place.root, place.bytes};
      } else if (arg.kind == ir::KernelArg::Kind::param) {
        params[parameter.param.value] = params_.at(arg.param.value);
        sources[parameter.param.value] = arg.param;
      } else {
        params[parameter.param.value] = param_slot(arg.value);
      }
    }
    const BuiltGraph* live = live_ != nullptr ? live_->calls.at(id.value).get() : nullptr;
    auto child = std::make_unique<BuiltGraph>(create_graph(program_, call.graph_id, all_functions_, buffers,
                                                           std::vector<std::size_t>(buffers.size(), 0), params, {},
                                                           std::move(comms), resources_, place, live));
    child->param_sources = std::move(sources);
    child->buffer_sources = std::move(buffer_sources);
    return child;
  }

  // The device mem alloc nodes allocate on: the current one, read once.
  int device() {
    if (!device_) {
      int current = 0;
      check(cudaGetDevice(&current), "cudaGetDevice", CallSite::at(program_.sources(), graph_.range));
      device_ = current;
    }
    return *device_;
  }

  const ProgramState& program_;
  const ir::Graph& graph_;
  const std::vector<ResolvedFunctions>& all_functions_;
  const ResolvedFunctions& functions_;
  std::vector<void*>& buffers_;
  const std::vector<Slot>& params_;
  const std::vector<cudaEvent_t>& events_;
  CaptureResources& resources_;
  BuiltGraph& built_;
  const BuiltGraph* live_;  // the graph whose exec takes this one's values, or null (build_graph)
  const ir::CreationOrder& order_;
  std::vector<cudaGraphNode_t> from_;    // the node being added's dependencies
  std::vector<cudaGraphEdgeData> data_;  // and their edge data
  std::optional<int> device_;
  std::vector<cudaMemAccessDesc> access_;  // the mem alloc node being added's peers
  bool places_devices_;                    // the graph places a buffer or a node on a device (ir/devices.h)
};

BuiltGraph create_graph(const ProgramState& program, ir::GraphId id, const std::vector<ResolvedFunctions>& functions,
                        const std::vector<void*>& buffers, const std::vector<std::size_t>& pitches,
                        const std::vector<Slot>& params, const std::vector<cudaEvent_t>& events, BoundComms comms,
                        CaptureResources& resources, CapturePlace place, const BuiltGraph* live) {
  const ir::Graph& graph = program.module().graph(id);
  BuiltGraph built;
  built.graph_id = id;
  built.place = place;
  built.comms = std::move(comms.comms);
  built.ranks = std::move(comms.ranks);
  cudaGraph_t raw = nullptr;
  if (live == nullptr) {
    check(cudaGraphCreate(&raw, 0), "cudaGraphCreate", CallSite::at(program.sources(), graph.range));
    built.graph = GraphHandle(raw);
  }
  built.nodes.resize(graph.nodes.size(), nullptr);
  built.kernel_args.resize(graph.nodes.size());
  built.device_nodes = live != nullptr ? live->device_nodes : std::vector<cudaGraphDeviceNode_t>(graph.nodes.size());
  built.kernel_functions.resize(graph.nodes.size());
  built.host_args.resize(graph.nodes.size());
  built.conds.resize(graph.conds.size(), 0);
  built.buffers = buffers;
  built.pitches = pitches;
  built.param_sources.resize(graph.params.size());
  built.buffer_sources.resize(graph.buffers.size());
  built.calls.resize(graph.nodes.size());
  built.captures.resize(graph.nodes.size());
  configure_nodes(program, functions, params, built);
  GraphBuilder builder(program, functions, params, events, resources, built, live);
  builder.build(raw, ir::BodyId{});
  builder.link_device_nodes();
  return built;
}

}  // namespace

BuiltGraph build_graph(const ProgramState& program, ir::GraphId id, const std::vector<ResolvedFunctions>& functions,
                       const std::vector<void*>& buffers, const std::vector<std::size_t>& pitches,
                       const std::vector<Slot>& params, const std::vector<cudaEvent_t>& events,
                       CaptureResources& resources, const BuiltGraph* live) {
  const CapturePlace place =
      program.module().graph(id).device_launch.valid() ? CapturePlace::device_graph : CapturePlace::graph;
  const ResolvedFunctions& bound = functions.at(id.value);
  return create_graph(program, id, functions, buffers, pitches, params, events, BoundComms{bound.comms, bound.ranks},
                      resources, place, live);
}

std::pair<const ir::Graph*, const ir::Node*> find_node(const ProgramState& program, const BuiltGraph& built,
                                                       cudaGraphNode_t handle) {
  const ir::Graph& graph = program.module().graph(built.graph_id);
  for (std::size_t i = 0; i < built.nodes.size(); ++i) {
    if (built.nodes[i] == handle) return {&graph, &graph.nodes[i]};
    if (built.calls[i]) {
      if (const auto found = find_node(program, *built.calls[i], handle); found.second != nullptr) return found;
    }
  }
  return {nullptr, nullptr};
}

}  // namespace graphc::detail
