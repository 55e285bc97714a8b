// Kernels of the cg_solver sample. Compiled by NVRTC when the graph is loaded at run time
// (graphc run, graphc::Program::load) and by nvcc through the generated C++, which
// #includes this file: so no includes, CUDA built-ins only (cudaGraphSetConditional and
// cudaGraphConditionalHandle come from cuda_device_runtime_api.h, which both compilers
// provide). The float arithmetic uses the explicitly rounded intrinsics, which are never
// contracted into fused multiply-adds, and every reduction adds in one fixed order (a tree
// over the threads of a block, then a tree over the blocks' partial sums), so every run,
// NVRTC or nvcc, computes the same bits.
//
// The vectors are float; the dot products are accumulated in double, in which the product
// of two floats is exact, and the CG scalars rr, pAp are kept in double, alpha and beta
// rounded to float where they scale a float vector.

/// Threads per block of every kernel that reduces in shared memory (dot_partials and the
/// single-block kernels cg_start, cg_alpha, cg_beta): const BLOCK of cg_solver.graph, a
/// power of two.
constexpr int cg_block = 256;

/// The sum of one value per thread of the block (cg_block threads), added as a fixed tree:
/// cache[t] += cache[t + s] for s = cg_block / 2, ..., 1. Every thread gets the sum.
static __device__ double cg_block_sum(double value) {
  __shared__ double cache[cg_block];
  const int t = static_cast<int>(threadIdx.x);
  cache[t] = value;
  __syncthreads();
  for (int stride = cg_block / 2; stride > 0; stride /= 2) {
    if (t < stride) cache[t] = __dadd_rn(cache[t], cache[t + stride]);
    __syncthreads();
  }
  return cache[0];
}

/// The sum of partial[0 .. count), for a single block of cg_block threads: thread t adds
/// partial[t], partial[t + cg_block], ... in order, then the block adds the threads' sums.
static __device__ double cg_sum_partials(const double* partial, int count) {
  double sum = 0.0;
  for (int k = static_cast<int>(threadIdx.x); k < count; k += cg_block) sum = __dadd_rn(sum, partial[k]);
  return cg_block_sum(sum);
}

/// The CSR form of the 2-D Poisson matrix on the m x m interior points (5-point stencil,
/// zero Dirichlet boundary, scaled by h^2): row i = gy * m + gx holds, columns ascending,
/// -1 at i - m (gy > 0), -1 at i - 1 (gx > 0), 4 at i, -1 at i + 1 (gx < m - 1), -1 at
/// i + m (gy < m - 1). One thread per row; where a row starts is counted in closed form
/// (3 m - 2 entries per grid row from the horizontal neighbours and the diagonal, plus m per
/// vertical neighbour that exists), so the rows are written independently.
extern "C" __global__ void build_poisson_csr(int* row_ptr, int* col_idx, float* values, int m) {
  const int n = m * m;
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= n) return;
  const int gy = i / m;
  const int gx = i % m;
  const int rows_above = gy * (3 * m - 2) + m * (gy > 0 ? gy - 1 : 0) + m * (gy < m - 1 ? gy : m - 1);
  const int vertical = (gy > 0 ? 1 : 0) + (gy < m - 1 ? 1 : 0);
  const int left = gx + (gx > 0 ? gx - 1 : 0) + (gx < m - 1 ? gx : m - 1) + gx * vertical;
  int k = rows_above + left;
  row_ptr[i] = k;
  // clang-format off
  if (gy > 0) { col_idx[k] = i - m; values[k++] = -1.0f; }
  if (gx > 0) { col_idx[k] = i - 1; values[k++] = -1.0f; }
  col_idx[k] = i; values[k++] = 4.0f;
  if (gx < m - 1) { col_idx[k] = i + 1; values[k++] = -1.0f; }
  if (gy < m - 1) { col_idx[k] = i + m; values[k++] = -1.0f; }
  // clang-format on
  if (i == n - 1) row_ptr[n] = k;
}

/// b = h^2 f(x, y), f = 2 (x (1 - x) + y (1 - y)) at x = (gx + 1) h, y = (gy + 1) h,
/// h = 1 / (m + 1): the right-hand side whose discrete solution is u = x (1 - x) y (1 - y).
extern "C" __global__ void poisson_rhs(float* b, int m) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= m * m) return;
  const float h = __fdiv_rn(1.0f, static_cast<float>(m + 1));
  const float h2 = __fmul_rn(h, h);
  const float y = __fmul_rn(static_cast<float>(i / m + 1), h);
  const float x = __fmul_rn(static_cast<float>(i % m + 1), h);
  const float fy = __fmul_rn(y, __fsub_rn(1.0f, y));
  const float fx = __fmul_rn(x, __fsub_rn(1.0f, x));
  b[i] = __fmul_rn(__fmul_rn(2.0f, __fadd_rn(fx, fy)), h2);
}

/// y = A x for the CSR matrix (row_ptr, col_idx, values), one thread per row, adding the
/// row's products in column order.
extern "C" __global__ void csr_spmv(float* y, const int* row_ptr, const int* col_idx, const float* values,
                                    const float* x, int n) {
  const int row = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (row >= n) return;
  float sum = 0.0f;
  for (int k = row_ptr[row]; k < row_ptr[row + 1]; ++k) sum = __fadd_rn(sum, __fmul_rn(values[k], x[col_idx[k]]));
  y[row] = sum;
}

/// First stage of a dot product: partial[block] = sum of a[i] * b[i] over the block's
/// cg_block elements, in double. Launch ceil_div(n, cg_block) blocks of cg_block threads.
extern "C" __global__ void dot_partials(double* partial, const float* a, const float* b, int n) {
  const int i = static_cast<int>(blockIdx.x) * cg_block + static_cast<int>(threadIdx.x);
  const double product = i < n ? __dmul_rn(static_cast<double>(a[i]), static_cast<double>(b[i])) : 0.0;
  const double sum = cg_block_sum(product);
  if (threadIdx.x == 0) partial[blockIdx.x] = sum;
}

/// Before the loop (one block): bb = rr = b.b from the partial sums of dot_partials(b, b)
/// (r = b since x0 = 0), no iterations yet, relative residual 1.
extern "C" __global__ void cg_start(double* bb, double* rr, const double* partial, int count, int* iterations,
                                    float* residual) {
  const double sum = cg_sum_partials(partial, count);
  if (threadIdx.x != 0) return;
  *bb = sum;
  *rr = sum;
  *iterations = 0;
  *residual = 1.0f;
}

/// Step length (one block): pAp = p.Ap from the partial sums, alpha = rr / pAp.
extern "C" __global__ void cg_alpha(float* alpha, double* pAp, const double* rr, const double* partial, int count) {
  const double sum = cg_sum_partials(partial, count);
  if (threadIdx.x != 0) return;
  *pAp = sum;
  *alpha = __double2float_rn(__ddiv_rn(*rr, sum));
}

/// x = x + alpha p, r = r - alpha Ap.
extern "C" __global__ void cg_update_xr(float* x, float* r, const float* p, const float* ap, const float* alpha,
                                        int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= n) return;
  const float a = *alpha;
  x[i] = __fadd_rn(x[i], __fmul_rn(a, p[i]));
  r[i] = __fsub_rn(r[i], __fmul_rn(a, ap[i]));
}

/// Next direction's coefficient (one block): rr_new = r.r from the partial sums,
/// beta = rr_new / rr, then rr = rr_new.
extern "C" __global__ void cg_beta(float* beta, double* rr, const double* partial, int count) {
  const double rr_new = cg_sum_partials(partial, count);
  if (threadIdx.x != 0) return;
  *beta = __double2float_rn(__ddiv_rn(rr_new, *rr));
  *rr = rr_new;
}

/// p = r + beta p.
extern "C" __global__ void cg_update_p(float* p, const float* r, const float* beta, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i >= n) return;
  p[i] = __fadd_rn(r[i], __fmul_rn(*beta, p[i]));
}

/// The loop's test (one thread): counts the iteration, residual = ||r|| / ||b||, and sets
/// the WHILE node's handle to 0, ending the loop, once the residual is below `tolerance`
/// or `max_iterations` have run. A NaN residual ends it too (the comparison is false).
extern "C" __global__ void cg_check(cudaGraphConditionalHandle keep_going, int* iterations, float* residual,
                                    const double* rr, const double* bb, double tolerance, int max_iterations) {
  const int done = *iterations + 1;
  *iterations = done;
  const double relative = __dsqrt_rn(__ddiv_rn(*rr, *bb));
  *residual = __double2float_rn(relative);
  cudaGraphSetConditional(keep_going, relative >= tolerance && done < max_iterations ? 1u : 0u);
}

// The scalar steps of cg_solver_library.graph, whose vector work is cuSPARSE's and
// cuBLAS's (device pointer mode): its scalars are float, in device memory, each a kernel of
// one thread between two library calls.

/// alpha = rr / pAp, and its negation for r = r - alpha Ap (cublas.axpy adds).
extern "C" __global__ void cg_library_alpha(float* alpha, float* minus_alpha, const float* rr, const float* pAp) {
  const float a = __fdiv_rn(*rr, *pAp);
  *alpha = a;
  *minus_alpha = -a;
}

/// beta = rr_new / rr, then rr = rr_new.
extern "C" __global__ void cg_library_beta(float* beta, float* rr, const float* rr_new) {
  *beta = __fdiv_rn(*rr_new, *rr);
  *rr = *rr_new;
}

/// The loop's test, as cg_check's on float scalars: counts the iteration, residual =
/// ||r|| / ||b|| = sqrt(rr / bb), and ends the loop once it is below `tolerance` or
/// `max_iterations` have run (or it is NaN).
extern "C" __global__ void cg_library_check(cudaGraphConditionalHandle keep_going, int* iterations, float* residual,
                                            const float* rr, const float* bb, double tolerance, int max_iterations) {
  const int done = *iterations + 1;
  *iterations = done;
  const double relative = __dsqrt_rn(__ddiv_rn(static_cast<double>(*rr), static_cast<double>(*bb)));
  *residual = __double2float_rn(relative);
  cudaGraphSetConditional(keep_going, relative >= tolerance && done < max_iterations ? 1u : 0u);
}
