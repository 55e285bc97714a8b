// The module of docs/language.md's "Structs by value" example, for golden.docs.examples
// (docs/examples.cmake): the struct and the kernel as the example's comment declares them,
// so that graphc check holds the example's struct against them.
struct SaxpyArgs {
  const float* x;
  float* y;
  float a;
  int n;
};

/// y[i] = a * x[i] + y[i], over n elements.
extern "C" __global__ void saxpy_struct(SaxpyArgs args) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < args.n) args.y[i] = args.a * args.x[i] + args.y[i];
}
