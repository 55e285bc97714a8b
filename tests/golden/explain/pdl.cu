// The kernels of programmatic.graph, with empty bodies but for the wait: graphc check
// compiles this module with NVRTC (for compute_90, which has griddepcontrol) and reads from
// its PTX which kernels wait for the grids they depend on. These goldens never run a kernel.
extern "C" __global__ void produce() {}
extern "C" __global__ void consume() { cudaGridDependencySynchronize(); }
