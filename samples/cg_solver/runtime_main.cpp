// cg_solver, runtime path: cg_solver.graph loaded at run time (graphc::Program::load,
// kernels compiled by NVRTC), launched once, checked as the generated path is: x against
// the CPU's CG solution within x_tolerance, then the iteration count and residual
// (convergence.h). common/run_loaded reads float buffers only, and h_iters is i32, so this
// program reads the instance's buffers itself.
//
//   sample_cg_solver_runtime samples/cg_solver/cg_solver.graph [--print h_x]
#include <cuda_runtime_api.h>

#include <cstdint>
#include <string>
#include <vector>

#include "common/sample_main.h"
#include "convergence.h"
#include "graphc/generated_support.h"
#include "graphc/program.h"
#include "reference.h"

namespace {

namespace cg = graphc::samples::cg_solver;
using graphc::samples::NamedBuffer;

std::vector<NamedBuffer> run(const std::string& path, cg::GpuResult& result) {
  graphc::Program program = graphc::Program::load(path);
  graphc::Instance instance = program.instantiate("cg_solver");
  instance.launch();
  graphc::check_cuda(cudaStreamSynchronize(nullptr), "cudaStreamSynchronize");
  // The h_ buffers are pinned host memory: the copies after the loop have filled them.
  result.iterations = *static_cast<const std::int32_t*>(instance.buffer("h_iters"));
  result.residual = *static_cast<const float*>(instance.buffer("h_residual"));
  const auto* x = static_cast<const float*>(instance.buffer("h_x"));
  const std::size_t count = instance.buffer_bytes("h_x") / sizeof(float);
  return {{"h_x", std::vector<float>(x, x + count)},
          {"h_iters", {static_cast<float>(result.iterations)}},
          {"h_residual", {result.residual}}};
}

}  // namespace

int main(int argc, char** argv) {
  constexpr const char* label = "cg_solver (runtime)";
  cg::GpuResult gpu;
  cg::CpuReference cpu;
  const int status = graphc::samples::sample_main(
      argc, argv, label, 1, [&gpu](const graphc::samples::Options& options) { return run(options.positional[0], gpu); },
      {"h_x", [&cpu] { return cpu.x(); }, cg::x_tolerance});
  return cg::check_convergence(label, status, gpu, cpu);
}
