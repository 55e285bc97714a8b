// A module written for nvcc only: it includes a host C++ header, which NVRTC (the runtime's
// compiler, and graphc check's) does not have. W0002 says so.
#include <vector>

extern "C" __global__ void scale(float* x, float factor, int n) {}
