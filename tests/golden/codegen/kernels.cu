// Kernels of the codegen golden inputs. Each generated .graph.cu #includes this file (its
// module), so nvcc checks every generated kernel argument against these signatures:
// extern "C" kernels, a namespaced kernel and a template instance.
#include <cuda_bf16.h>
#include <cuda_fp16.h>


// train_step: x = x * scale + 1, then x = x / scale.
extern "C" __global__ void kernel_forward(float* x, float scale, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) x[i] = x[i] * scale + 1.0f;
}

extern "C" __global__ void kernel_backward(float* x, float scale, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) x[i] = x[i] / scale;
}

// diamond: each half scaled in place, then out[i] = a[i] + b[i].
extern "C" __global__ void scale_half(float* x, float factor, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) x[i] *= factor;
}

extern "C" __global__ void add_halves(float* out, const float* a, const float* b, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) out[i] = a[i] + b[i];
}

// types: one parameter of every scalar type, passed from buffers, params and literals.
extern "C" __global__ void take_all(signed char* a, __half* h, __half ph, __nv_bfloat16 pb, long pi,
                                    unsigned long pu, double pd, unsigned pu32, signed char i8, short i16,
                                    int i32, long long i64, unsigned char u8, unsigned short u16, unsigned u32,
                                    unsigned long u64, float f32, double f64) {
  extern __shared__ unsigned char scratch[];
  if (threadIdx.x == 0 && blockIdx.x == 0) {
    scratch[0] = static_cast<unsigned char>(i8 + i16 + i32 + u8 + u16);
    a[0] = static_cast<signed char>(scratch[0] + static_cast<unsigned char>(pi + static_cast<long long>(pu) + i64));
    h[0] = __hadd(ph, __float2half(__bfloat162float(pb) + static_cast<float>(pd + f64) + f32));
    a[1] = static_cast<signed char>(pu32 + u32 + static_cast<unsigned>(u64));
  }
}

// types: char pointers and values, and an optional pointer passed nullptr.
extern "C" __global__ void take_chars(char* s, char shift, char one, const float* optional) {
  const int i = static_cast<int>(threadIdx.x);
  s[i] = static_cast<char>(s[i] + shift + one + (optional != nullptr ? 1 : 0));
}

namespace ops {
template <class T>
__global__ void scale(T* x, T factor, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) x[i] = x[i] * factor;
}
template __global__ void scale<float>(float*, float, int);
}  // namespace ops

// two_graphs: no arguments at all.
extern "C" __global__ void tick() {}

// conditionals: a step on every element, and kernels that set a conditional handle from
// data (a while loop's test) or to a given value (a switch's case).
extern "C" __global__ void add_one(float* x, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) x[i] += 1.0f;
}

extern "C" __global__ void below(cudaGraphConditionalHandle handle, const float* x, float limit) {
  cudaGraphSetConditional(handle, x[0] < limit ? 1u : 0u);
}

extern "C" __global__ void choose_case(cudaGraphConditionalHandle handle, unsigned value) {
  cudaGraphSetConditional(handle, value);
}

// memory: scratch[i] = in[i] * in[i] * scale, then out[i] = scratch[i] (read at an offset).
extern "C" __global__ void square_into(float* scratch, const float* in, float scale, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) scratch[i] = in[i] * in[i] * scale;
}

extern "C" __global__ void add_from(float* out, const float* scratch, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) out[i] = scratch[i];
}

// device_launch: a kernel that relaunches its own graph while a counter lasts, and one
// that launches another device graph.
extern "C" __global__ void count_down(cudaGraphExec_t self, int* counter) {
  if (--counter[0] > 0) cudaGraphLaunch(self, cudaStreamGraphTailLaunch);
}

extern "C" __global__ void start_worker(cudaGraphExec_t worker) { cudaGraphLaunch(worker, cudaStreamGraphFireAndForget); }

// pitched.graph: a pitched 2-D image, its rows `pitch` bytes apart.
extern "C" __global__ void brighten(float* image, std::size_t pitch, int width, int height, float add) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;
  reinterpret_cast<float*>(reinterpret_cast<char*>(image) + y * pitch)[x] += add;
}

// pitched3d: a volume whose rows are `pitch` bytes apart and whose slices follow each other
// (cudaMalloc3D's layout), one grid z per slice.
extern "C" __global__ void brighten_3d(float* volume, std::size_t pitch, int width, int height, float add) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;
  char* slice = reinterpret_cast<char*>(volume) + static_cast<std::size_t>(blockIdx.z) * height * pitch;
  reinterpret_cast<float*>(slice + y * pitch)[x] += add;
}

// structs: kernels that take structs by value (a namespaced one too), as structs.graph
// declares them; the generated code asserts their layout.
struct SaxpyArgs {
  const float* x;
  float* y;
  float a;
  char tag;
  int n;
};

namespace ns {
struct Mixed {
  __half h;
  double d;
  unsigned char b;
  long* p;
  short s;
};
}  // namespace ns

extern "C" __global__ void saxpy_struct(SaxpyArgs args) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < args.n) args.y[i] = args.a * args.x[i] + args.y[i];
}

extern "C" __global__ void mixed_struct(ns::Mixed m, ns::Mixed other) {
  if (m.p != nullptr) m.p[threadIdx.x] = m.b + other.s;
}

// vectors: CUDA's vector types as pointers and by value.
extern "C" __global__ void take_vectors(float4* p, const float2* q, float2 s, int3 t, __half2 h, __nv_bfloat162 b,
                                        uchar4* rgba) {
  const int i = static_cast<int>(threadIdx.x);
  p[i].x += q[i].x * s.x + static_cast<float>(t.z) + __low2float(h) + __low2float(b);
  rgba[i].w = 255;
}

// vectors: vector params by value.
extern "C" __global__ void tint_points(float4* p, float4 tint, __half2 h) {
  const int i = static_cast<int>(threadIdx.x);
  p[i].y = p[i].y * tint.y + __high2float(h);
}

struct Points {
  float4* points;
  int count;
};

extern "C" __global__ void take_points(Points args) {
  const int i = static_cast<int>(threadIdx.x);
  if (i < args.count) args.points[i].w = 1.0f;
}

/// Sizes `expert` from the device: `count` threads' worth of blocks, its count argument
/// (after its pointer), and enabled only with work to do.
extern "C" __global__ void size_expert(cudaGraphDeviceNode_t expert, const int* count) {
  const int n = count[0];
  cudaGraphKernelNodeSetParam(expert, sizeof(void*), &n, sizeof(n));
  cudaGraphKernelNodeSetGridDim(expert, dim3((n + 31) / 32));
  cudaGraphKernelNodeSetEnabled(expert, n > 0);
}

extern "C" __global__ void count_up(float* x, int count) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < count) x[i] += 1.0f;
}
