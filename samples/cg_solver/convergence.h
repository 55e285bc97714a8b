// What both cg_solver programs check beyond h_x against the CPU solution: that the loop
// stopped because it converged (residual below the tolerance, iterations below the limit)
// after about as many iterations as the CPU's CG. Header-only, so that the sample needs no
// library beyond reference.cpp.
#pragma once

#include <limits>
#include <optional>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "common/sample_main.h"
#include "reference.h"

namespace graphc::samples::cg_solver {

/// What the GPU reported: h_iters and h_residual after the launch.
struct GpuResult {
  int iterations = -1;
  float residual = std::numeric_limits<float>::quiet_NaN();
};

/// The CPU solve, run once on first use (by the h_x comparison, then the iteration check).
class CpuReference {
 public:
  const Solution& get() {
    if (!solution_) solution_ = solve();
    return *solution_;
  }
  std::vector<float> x() {
    const Solution& s = get();
    return std::vector<float>(s.x.begin(), s.x.end());
  }

 private:
  std::optional<Solution> solution_;
};

/// `status` is sample_main's; when it compared h_x (OK or MISMATCH), prints
/// `<label>: iterations=I residual=R (CPU: I' iterations, residual R')` and an OK or
/// MISMATCH verdict on the convergence, and returns the combined status.
inline int check_convergence(std::string_view label, int status, const GpuResult& gpu, CpuReference& cpu) {
  if (status != sample_ok && status != sample_mismatch) return status;
  const Solution& want = cpu.get();
  const bool converged = gpu.residual < tolerance && gpu.iterations > 0;  // false for a NaN residual
  const bool plausible = iterations_plausible(gpu.iterations, want.iterations);
  fmt::print("{}: {} iterations={} residual={:.3g} (CPU: {} iterations, residual {:.3g}; tolerance {:g})\n", label,
             converged && plausible ? "OK" : "MISMATCH", gpu.iterations, gpu.residual, want.iterations, want.residual,
             tolerance);
  if (!converged) fmt::print("{}: the loop stopped before ||r|| / ||b|| < {:g}\n", label, tolerance);
  if (!plausible)
    fmt::print("{}: {} iterations is not within 10 % of the CPU's {}\n", label, gpu.iterations, want.iterations);
  return converged && plausible ? status : sample_mismatch;
}

}  // namespace graphc::samples::cg_solver
