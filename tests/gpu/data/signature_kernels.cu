// Kernels with the signatures real CUDA code has and graphc must pass to unchanged: `char*`
// (neither `signed char*` nor `unsigned char*`), a `char` by value, and an optional pointer
// that may be null.

/// out[i] = in[i] + shift, over n characters.
extern "C" __global__ void shift_letters(const char* in, char* out, char shift, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) out[i] = static_cast<char>(in[i] + shift);
}

/// y[i] = x[i] * scale, plus bias[i] when the optional bias is given (not null).
extern "C" __global__ void scale_bias(const float* x, const float* bias, float* y, float scale, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) y[i] = x[i] * scale + (bias != nullptr ? bias[i] : 0.0f);
}
