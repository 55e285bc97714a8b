// The module some diagnostic fixtures of this folder declare (`module "kernels.cu";`):
// graphc check reads that it exists (E0019 otherwise) and, in a fixture with no error,
// checks its kernel nodes against the kernels here (E0120, E0255, E0256), which never run.
extern "C" __global__ void fill_ones(float* x, int n) {}
