#include "modules/resolve_functions.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <exception>
#include <map>
#include <string_view>

#include <fmt/format.h>

#include "errors/cuda_check.h"
#include "errors/runtime_diag.h"
#include "graphc/nccl_ops.h"
#include "modules/check_args.h"
#include "modules/module_set.h"
#include "modules/shared_memory.h"

namespace graphc::detail {

void HostStandIn::invoke(void (*)(), const void* args, void* self) {
  HostStandIn& stand_in = *static_cast<HostStandIn*>(self);
  try {  // nothing may leave a CUDA callback
    std::vector<std::string> values;
    for (const ir::HostArgField& field : stand_in.layout.fields) {
      const auto* at = static_cast<const std::byte*>(args) + field.offset;
      if (field.pointer) {
        const void* pointer = nullptr;
        std::memcpy(&pointer, at, sizeof(pointer));
        values.push_back(fmt::format("{}", pointer));
      } else {
        values.push_back(ir::Scalar::from_bytes(field.type, at).text());
      }
    }
    const std::string text = fmt::format("{}", fmt::join(values, ", "));
    (*stand_in.fn)(Bindings::HostCall{stand_in.node, stand_in.function, ++stand_in.launches, text});
  } catch (const std::exception& e) {
    std::fprintf(stderr, "graphc: the stand-in of host node '%s' threw: %s\n", stand_in.node.c_str(), e.what());
  }
}

namespace {

// The function of host node `node`: R0008 when none is bound, R0051 when an untyped one
// cannot receive its arguments, R0050 when a typed one's Args is not their block.
Bindings::BoundHost checked_host(const ProgramState& program, const ir::Graph& graph, const ir::Node& node,
                                 const ir::HostNode& host, const Bindings::BoundHost* bound) {
  if (bound == nullptr || !bound->bound()) {
    fail(program.sources(), program.path, DiagCode::host_not_bound, host.function_range, host.function, node.name);
  }
  const SourceRange args = host.args_range.valid() ? host.args_range : host.function_range;
  if (bound->invoke == nullptr) {
    if (!host.args.empty()) {
      fail(program.sources(), program.path, DiagCode::host_args_untyped, args, node.name, host.args.size(),
           host.function);
    }
    return *bound;
  }
  const ir::HostArgsLayout layout = ir::host_args_layout(graph, host);
  if (bound->args_size != layout.size || bound->args_alignment != layout.alignment) {
    fail(program.sources(), program.path, DiagCode::host_args_layout, args, node.name, ir::host_args_signature(layout),
         layout.size, layout.alignment, host.function, bound->args_size, bound->args_alignment);
  }
  return *bound;
}

}  // namespace

ResolvedFunctions resolve_functions(const ProgramState& program, const ir::Graph& graph, const Bindings& bindings) {
  ResolvedFunctions out;
  out.kernels.resize(graph.nodes.size(), nullptr);
  out.hosts.resize(graph.nodes.size());
  out.captures.resize(graph.nodes.size(), nullptr);
  // Each function looked up once: graphs run one kernel in many nodes.
  std::map<std::string_view, cudaKernel_t> found_before;
  for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
    const ir::Node& node = graph.nodes[i];
    if (const auto* kernel = std::get_if<ir::KernelNode>(&node.op)) {
      if (node.synthetic) {
        out.kernels[i] = program.modules->noop_kernel();
        continue;
      }
      if (const auto before = found_before.find(kernel->function); before != found_before.end()) {
        out.kernels[i] = before->second;
        continue;
      }
      const CallSite site = site_of(program.sources(), node);
      if (const void* symbol = bindings.find_kernel(kernel->function)) {
        check(cudaGetKernel(&out.kernels[i], symbol), "cudaGetKernel", site);
      } else if (std::optional<cudaKernel_t> found = program.modules->find(kernel->function, site)) {
        out.kernels[i] = *found;
      } else {
        fail(program.sources(), program.path, DiagCode::kernel_not_found, kernel->function_range, kernel->function,
             node.name);
      }
      found_before.emplace(kernel->function, out.kernels[i]);
    } else if (const auto* host = std::get_if<ir::HostNode>(&node.op)) {
      const Bindings::BoundHost* bound = bindings.find_host(host->function);
      if ((!bound || !bound->bound()) && bindings.unbound_hosts()) {
        HostStandIn& stand_in = *out.stand_ins.emplace_back(std::make_unique<HostStandIn>());
        stand_in.fn = bindings.unbound_hosts();
        stand_in.node = node.name;
        stand_in.function = host->function;
        stand_in.layout = ir::host_args_layout(graph, *host);
        out.hosts[i].invoke = &HostStandIn::invoke;
        out.hosts[i].user_data = &stand_in;
        continue;
      }
      out.hosts[i] = checked_host(program, graph, node, *host, bound);
    } else if (const auto* capture = std::get_if<ir::CaptureNode>(&node.op);
               capture != nullptr && capture->library.op == ir::LibraryOp::none) {
      const CaptureFn* bound = bindings.find_capture(capture->function);
      if (bound == nullptr || !*bound) {
        fail(program.sources(), program.path, DiagCode::capture_not_bound, capture->function_range, capture->function,
             node.name);
      }
      out.captures[i] = bound;
    }
  }
  return out;
}

void resolve_communicators(const ProgramState& program, const ir::Graph& graph, const Bindings& bindings,
                           ResolvedFunctions& out) {
  for (const ir::Comm& comm : graph.comms) {
    ncclComm* bound = bindings.find_communicator(comm.name);
    if (bound == nullptr) {
      fail(program.sources(), program.path, DiagCode::comm_not_bound, comm.name_range, comm.name, graph.name);
    }
    out.comms.push_back(bound);
    const std::string location = program.sources().location(comm.name_range);
    out.ranks.push_back(communicator_rank(loaded_nccl_for("communicator '" + comm.name + "'", location.c_str()), bound,
                                          comm.name.c_str(), location.c_str()));
  }
}

std::vector<ResolvedFunctions> resolve_call_tree(const ProgramState& program, ir::GraphId root,
                                                 const Bindings& bindings) {
  const ir::Module& module = program.module();
  std::vector<ResolvedFunctions> out(module.graphs.size());
  std::vector<ir::GraphId> graphs{root};
  for (std::size_t i = 0; i < graphs.size(); ++i) {
    const ir::Graph& graph = module.graph(graphs[i]);
    ResolvedFunctions& functions = out[graphs[i].value];
    functions = resolve_functions(program, graph, bindings);
    if (i == 0) resolve_communicators(program, graph, bindings, functions);  // a called graph's are its caller's
    check_kernel_args(program, graph, functions.kernels);
    configure_shared_memory(program, graph, functions.kernels);
    for (const ir::Node& node : graph.nodes) {
      const auto* call = std::get_if<ir::ChildGraphNode>(&node.op);
      if (call != nullptr && std::find(graphs.begin(), graphs.end(), call->graph_id) == graphs.end()) {
        graphs.push_back(call->graph_id);
      }
    }
  }
  return out;
}

}  // namespace graphc::detail
