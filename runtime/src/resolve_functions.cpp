#include "resolve_functions.h"

#include <algorithm>
#include <cstdio>
#include <exception>
#include <map>
#include <string_view>

#include "check_args.h"
#include "cuda_check.h"
#include "runtime_diag.h"
#include "shared_memory.h"

namespace graphc::detail {

void CUDART_CB HostStandIn::run(void* self) {
  HostStandIn& stand_in = *static_cast<HostStandIn*>(self);
  const Bindings::HostCall call{stand_in.node, stand_in.function, ++stand_in.launches};
  try {
    (*stand_in.fn)(call);
  } catch (const std::exception& e) {  // nothing may leave a CUDA callback
    std::fprintf(stderr, "graphc: the stand-in of host node '%s' threw: %s\n", stand_in.node.c_str(), e.what());
  }
}

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
      if ((!bound || !bound->fn) && bindings.unbound_hosts()) {
        HostStandIn& stand_in = *out.stand_ins.emplace_back(std::make_unique<HostStandIn>());
        stand_in.fn = bindings.unbound_hosts();
        stand_in.node = node.name;
        stand_in.function = host->function;
        out.hosts[i] = {&HostStandIn::run, &stand_in};
        continue;
      }
      if (!bound || !bound->fn) {
        fail(program.sources(), program.path, DiagCode::host_not_bound, host->function_range, host->function,
             node.name);
      }
      out.hosts[i] = *bound;
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

std::vector<ResolvedFunctions> resolve_call_tree(const ProgramState& program, ir::GraphId root,
                                                 const Bindings& bindings) {
  const ir::Module& module = program.module();
  std::vector<ResolvedFunctions> out(module.graphs.size());
  std::vector<ir::GraphId> graphs{root};
  for (std::size_t i = 0; i < graphs.size(); ++i) {
    const ir::Graph& graph = module.graph(graphs[i]);
    ResolvedFunctions& functions = out[graphs[i].value];
    functions = resolve_functions(program, graph, bindings);
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
