#include "modules/check_args.h"

#include <map>

#include "errors/cuda_check.h"
#include "errors/runtime_diag.h"

namespace graphc::detail {

std::size_t arg_size(const ir::Graph& graph, const ir::KernelArg& arg) {
  switch (arg.kind) {
    case ir::KernelArg::Kind::buffer:
    case ir::KernelArg::Kind::null_pointer: return sizeof(void*);
    case ir::KernelArg::Kind::param: return ir::type_size(graph.param(arg.param).type);
    case ir::KernelArg::Kind::value: return ir::type_size(arg.value.type);
    case ir::KernelArg::Kind::cond: return sizeof(cudaGraphConditionalHandle);
    case ir::KernelArg::Kind::graph_exec: return sizeof(cudaGraphExec_t);
    case ir::KernelArg::Kind::device_node: return sizeof(cudaGraphDeviceNode_t);
    case ir::KernelArg::Kind::pitch: return sizeof(std::size_t);
    case ir::KernelArg::Kind::aggregate: return arg.struct_size;
    case ir::KernelArg::Kind::rank: return sizeof(int);
    case ir::KernelArg::Kind::comm:  // a collective's only
    case ir::KernelArg::Kind::unresolved: break;
  }
  return 0;
}

std::vector<std::size_t> kernel_param_sizes(cudaKernel_t kernel, const CallSite& site) {
  std::vector<std::size_t> sizes;
  for (;;) {
    std::size_t offset = 0;
    std::size_t size = 0;
    const cudaError_t status = cudaFuncGetParamInfo(static_cast<const void*>(kernel), sizes.size(), &offset, &size);
    if (status == cudaErrorInvalidValue) {  // index past the last parameter
      cudaGetLastError();
      return sizes;
    }
    check(status, "cudaFuncGetParamInfo", site);
    sizes.push_back(size);
  }
}

void check_kernel_args(const ProgramState& program, const ir::Graph& graph, const std::vector<cudaKernel_t>& kernels) {
  // Each kernel's parameters asked of CUDA once: graphs run one kernel in many nodes.
  std::map<cudaKernel_t, std::vector<std::size_t>> sizes_of;
  for (std::size_t i = 0; i < graph.nodes.size(); ++i) {
    const ir::Node& node = graph.nodes[i];
    const auto* kernel = std::get_if<ir::KernelNode>(&node.op);
    if (!kernel) continue;
    auto known = sizes_of.find(kernels[i]);
    if (known == sizes_of.end()) {
      known = sizes_of.emplace(kernels[i], kernel_param_sizes(kernels[i], site_of(program.sources(), node))).first;
    }
    const std::vector<std::size_t>& params = known->second;
    if (params.size() != kernel->args.size()) {
      fail(program.sources(), program.path, DiagCode::arg_count, kernel->function_range, kernel->function, node.name,
           params.size(), kernel->args.size());
    }
    for (std::size_t a = 0; a < params.size(); ++a) {
      const std::size_t passed = arg_size(graph, kernel->args[a]);
      if (passed != params[a]) {
        fail(program.sources(), program.path, DiagCode::arg_size, kernel->args[a].range, a + 1, node.name, passed,
             a + 1, kernel->function, params[a]);
      }
    }
  }
}

}  // namespace graphc::detail
