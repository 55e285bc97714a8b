// Kernels of the typed-view test (views.graph), compiled by NVRTC when the graph is loaded
// and by nvcc into the generated code. No includes: the runtime's prelude declares the
// device runtime functions.

/// bytes[i] = the byte pattern of views_test.cpp: every fourth byte 0x40 (the top byte of a
/// little-endian float, so that any four bytes from a multiple of 4 read as a normal
/// float), the others (7 i + 3) mod 256.
extern "C" __global__ void fill_bytes(unsigned char* bytes, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) bytes[i] = i % 4 == 3 ? 0x40 : static_cast<unsigned char>(7 * i + 3);
}

/// x[i] = i + 0.25.
extern "C" __global__ void quarter_ramp(float* x, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) x[i] = static_cast<float>(i) + 0.25f;
}

/// out[i] = 2 in[i].
extern "C" __global__ void doubled(const float* in, float* out, int n) {
  const int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) out[i] = __fmul_rn(in[i], 2.0f);
}
