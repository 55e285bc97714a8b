// The CPU reference of cg_solver.graph (plain C++, shared by the generated-path and the
// runtime-path programs): the same CSR matrix and right-hand side as the kernels
// build_poisson_csr and poisson_rhs write, and a conjugate-gradient solve in double with
// the same stopping rule as the kernel cg_check.
#pragma once

#include <cstddef>
#include <vector>

namespace graphc::samples::cg_solver {

inline constexpr int m = 256;                 // const M: grid points per side
inline constexpr int n = m * m;               // const N: unknowns, 65536
inline constexpr int nnz = 5 * n - 4 * m;     // const NNZ: 5 per row, less the 4 m missing at the edges
inline constexpr double tolerance = 1e-6;     // const TOLERANCE: stop when ||r|| / ||b|| < tolerance
inline constexpr int max_iterations = 10000;  // const MAX_ITERATIONS

/// The 2-D Poisson matrix of the 5-point stencil on the m x m interior points of the unit
/// square with zero Dirichlet boundary values, scaled by h^2: 4 on the diagonal, -1 for each
/// neighbour inside the grid. Row i = gy * m + gx; columns ascending within a row.
struct Csr {
  std::vector<int> row_ptr;   // n + 1
  std::vector<int> col_idx;   // nnz
  std::vector<float> values;  // nnz
};
Csr poisson_matrix();

/// b = h^2 f(x, y) with f = 2 (x (1 - x) + y (1 - y)), x = (gx + 1) h, y = (gy + 1) h,
/// h = 1 / (m + 1), in the float operations of poisson_rhs (so the bits are the kernel's).
/// -Laplace u = f for u = x (1 - x) y (1 - y), and the 5-point stencil is exact on it: the
/// solution of A x = b is u at the grid points, up to the rounding of b.
std::vector<float> rhs();

struct Solution {
  std::vector<double> x;
  int iterations = 0;     // CG iterations until the relative residual fell below tolerance
  double residual = 0.0;  // ||r|| / ||b|| at the end (the recursively updated r, as on the GPU)
};

/// Conjugate gradient in double on poisson_matrix() and rhs(), x0 = 0, stopping as cg_check
/// does: after an iteration whose ||r|| / ||b|| is below `tolerance`, or after
/// `max_iterations` iterations. Converges in 360 iterations, residual 9.22e-07 (measured
/// with a throwaway program; its solution is within 1.1e-08 of u = x (1 - x) y (1 - y)).
Solution solve();

/// The tolerance of ||h_x - x|| / ||x||, x = solve().x rounded to float. Both solutions meet
/// ||r|| / ||b|| < 1e-6, which bounds their distance from the exact solution only by
/// cond(A) 1e-6 = 2.7e-2 (cond(A) = 2.7e4 here) in the worst case; in practice the error
/// left by CG is far smaller: a float emulation of the kernels' arithmetic (a throwaway
/// program, float vectors, dot products in double) lands 4.7e-07 from the double solution,
/// in 360 iterations as well. 1e-5 leaves a factor 20 for the GPU while still catching a
/// wrong matrix, right-hand side or update, each of which is off by far more.
inline constexpr double x_tolerance = 1e-5;

/// Whether the GPU's iteration count is plausible next to the CPU's: the GPU runs the same
/// algorithm in float (dot products accumulated in double), whose rounding changes the
/// Krylov sequence a little, so its count differs by a few iterations, not by many; allowed:
/// within 10 % of the CPU's count (and below max_iterations, i.e. it converged).
bool iterations_plausible(int gpu_iterations, int cpu_iterations);

}  // namespace graphc::samples::cg_solver
