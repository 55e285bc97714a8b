// Kernels of the layer_stack sample. Compiled by NVRTC when the graph is loaded at run
// time (graphc run, graphc::Program::load) and by nvcc through the generated C++, which
// #includes this file: so no includes, CUDA built-ins only. Every value is a multiple of a
// power of two or comes from explicitly rounded intrinsics (never contracted into fused
// multiply-adds), so both builds compute the same bits as the CPU reference.

/// x[i] = (i mod 97) / 32 - 1 for i < n: the stack's input.
extern "C" __global__ void init_input(float* x, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) x[i] = static_cast<float>(i % 97) * 0.03125f - 1.0f;
}

/// w[i] = (7i mod 13) / 16 - 1/4 for i < n: the weights of every layer.
extern "C" __global__ void init_weights(float* w, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) w[i] = static_cast<float>((7 * i) % 13) * 0.0625f - 0.25f;
}

/// hidden[i] = max(w[i] * x[i] - 1/8, 0) for i < n.
extern "C" __global__ void relu_mix(float* hidden, const float* x, const float* w, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) hidden[i] = fmaxf(__fadd_rn(__fmul_rn(w[i], x[i]), -0.125f), 0.0f);
}

/// y[i] = x[i] + alpha * hidden[i] for i < n.
extern "C" __global__ void residual_add(float* y, const float* x, const float* hidden, float alpha, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) y[i] = __fadd_rn(x[i], __fmul_rn(alpha, hidden[i]));
}
