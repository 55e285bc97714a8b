// A kernel compiled into the test program by nvcc, for Bindings::kernel. The .cpp test
// files get its typed pointer from here (they are not compiled by nvcc).
#pragma once

namespace graphc::test {

using NegateKernel = void (*)(float*, int);

/// The host symbol of `negate(float* x, int n)`: x[i] = -x[i].
NegateKernel negate_kernel();

}  // namespace graphc::test
