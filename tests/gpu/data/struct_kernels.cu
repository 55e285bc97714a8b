// Kernels that take their arguments as structs by value, as much real CUDA code does: the
// .graph file declares the same structs (structs.graph), and graphc packs them by the C ABI
// (the runtime) or constructs these types by name (the generated code).

/// Padding inside (3 bytes after `tag`) and at the end (4 bytes after `n`): 40 bytes.
struct SaxpyArgs {
  const float* x;
  const float* y;
  float* out;
  float a;
  char tag;
  int n;
};

struct ScaleArgs {
  const float* src;
  float* dst;
  float factor;
  int count;
};

/// out[i] = a * x[i] + y[i]; tags[i] = tag, over n elements.
extern "C" __global__ void saxpy_struct(SaxpyArgs args, char* tags) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < args.n) {
    args.out[i] = args.a * args.x[i] + args.y[i];
    tags[i] = args.tag;
  }
}

/// dst[i] = src[i] * factor, over count elements.
extern "C" __global__ void scale_struct(ScaleArgs args) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < args.count) args.dst[i] = args.src[i] * args.factor;
}
