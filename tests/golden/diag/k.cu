// The module the diagnostic fixtures of this folder declare (`module "k.cu";`): graphc
// check reads that it exists (E0019 otherwise) and, in a fixture with no error, checks its
// kernel nodes against the kernels here (E0120, E0255, E0256), which never run.
extern "C" __global__ void work(float* x) {}
extern "C" __global__ void route(cudaGraphDeviceNode_t expert) {}
extern "C" __global__ void tokens(int count) {}
__global__ void typed_work(float* x) {}  // C++ linkage: its parameters' C++ types are checked
