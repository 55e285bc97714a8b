// Kernels of the pitched test (pitched.graph), by NVRTC and by nvcc. No includes: the
// runtime's prelude declares size_t and the device runtime.

/// image[y][x] = image[y][x] * scale + add over a width x height image whose rows start
/// `pitch` bytes apart (cudaMallocPitch's layout): the usual CUDA kernel of a pitched image.
extern "C" __global__ void scale_add_2d(float* image, size_t pitch, int width, int height, float scale, float add) {
  const int x = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  const int y = static_cast<int>(blockIdx.y * blockDim.y + threadIdx.y);
  if (x >= width || y >= height) return;
  float* row = reinterpret_cast<float*>(reinterpret_cast<char*>(image) + y * pitch);
  row[x] = __fadd_rn(__fmul_rn(row[x], scale), add);
}
