// Kernels of the device-launch GPU tests: a graph that relaunches itself (tail launch)
// while a counter lasts, and one that launches another device graph (fire and forget).

/// runs[0] counts the runs; while the counter stays above zero, `self` runs again.
extern "C" __global__ void count_runs(cudaGraphExec_t self, int* counter, int* runs) {
  ++runs[0];
  if (--counter[0] > 0) cudaGraphLaunch(self, cudaStreamGraphTailLaunch);
}

/// Launches `worker` from the device, independent of this graph's own work.
extern "C" __global__ void start_worker(cudaGraphExec_t worker) {
  cudaGraphLaunch(worker, cudaStreamGraphFireAndForget);
}

/// x[0] += add.
extern "C" __global__ void bump(int* x, int add) { x[0] += add; }
