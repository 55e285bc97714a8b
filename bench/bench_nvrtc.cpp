// bench_nvrtc: loading a graph's `.cu` module the first time (NVRTC compiles it for this
// GPU) against the next time (the CUBIN from graphc's disk cache, $GRAPHC_CACHE_DIR),
// each in a new Program, as two runs of a program would. Medians of 3 rounds, each with
// an emptied cache. Run on a GPU: build/bench/bench_nvrtc
#include <cuda_runtime_api.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <vector>

#include "device.h"
#include "graphc/program.h"
#include "timing.h"

namespace graphc::bench {
namespace {

// A module as a real one looks: templates, math, a reduction with shared memory.
constexpr const char* kKernels = R"(
template <class T>
__global__ void axpy(T a, const T* x, T* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

extern "C" __global__ void softplus(const float* x, float* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = x[i] > 20.0f ? x[i] : log1pf(expf(x[i]));
}

extern "C" __global__ void block_sum(const float* x, float* out, int n) {
  __shared__ float partial[256];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  partial[threadIdx.x] = i < n ? x[i] : 0.0f;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s /= 2) {
    if (threadIdx.x < s) partial[threadIdx.x] += partial[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(out, partial[0]);
}
)";

constexpr const char* kGraph = R"(module "bench_kernels.cu";
graph g {
    const N = 4096;
    buffer x : f32[N] device = iota(0);
    buffer y : f32[N] device;
    buffer s : f32[1] device;
    kernel a : axpy<float><<<ceil_div(N, 256), 256>>>(2.0f, x, y, N);
    kernel p : softplus<<<ceil_div(N, 256), 256>>>(y, x, N);
    kernel r : block_sum<<<ceil_div(N, 256), 256>>>(x, s, N);
    a -> p -> r;
}
)";

// Milliseconds of Program::load_modules on a new Program; whether it came from the cache.
double load_ms(const std::string& path, bool& cache_hit) {
  Program program = Program::load(path);
  const Clock::time_point start = Clock::now();
  program.load_modules();
  const double ms = us_since(start) / 1000.0;
  cache_hit = program.modules().at(0).cache_hit;
  return ms;
}

}  // namespace
}  // namespace graphc::bench

int main() {
  using namespace graphc::bench;
  if (!have_device("bench_nvrtc")) return 77;
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "graphc_bench_nvrtc";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "bench_kernels.cu") << kKernels;
  std::ofstream(dir / "bench.graph") << kGraph;
  const std::filesystem::path cache = dir / "cache";
  setenv("GRAPHC_CACHE_DIR", cache.c_str(), 1);

  std::vector<double> first, second;
  for (int round = 0; round < 3; ++round) {
    std::filesystem::remove_all(cache);
    bool hit = true;
    first.push_back(load_ms((dir / "bench.graph").string(), hit));
    if (hit) throw std::runtime_error("bench_nvrtc: the first load hit the cache");
    second.push_back(load_ms((dir / "bench.graph").string(), hit));
    if (!hit) throw std::runtime_error("bench_nvrtc: the second load missed the cache");
  }
  const double f = median(first), s = median(second);
  std::puts("bench_nvrtc: Program::load_modules of a 3-kernel .cu module (a template, math, a shared-memory");
  std::puts("reduction); ms, medians of 3 rounds with an emptied cache.");
  std::printf("first load (NVRTC) %.1f ms, second load (disk cache) %.2f ms; first / second = %.1f\n", f, s, f / s);
  std::filesystem::remove_all(dir);
  return 0;
}
