// Kernels of the 3-D pitched test (pitched3d.graph), by NVRTC and by nvcc. No includes: the
// runtime's prelude declares size_t and the device runtime.

/// volume[z][y][x] = volume[z][y][x] * scale + add over a width x height x depth volume
/// whose rows start `pitch` bytes apart and whose slices follow each other, height rows a
/// slice (cudaMalloc3D's layout): the usual CUDA kernel of a pitched volume. One block row
/// of the grid's z per slice.
extern "C" __global__ void scale_add_3d(float* volume, size_t pitch, int width, int height, int depth, float scale,
                                        float add) {
  const int x = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  const int y = static_cast<int>(blockIdx.y * blockDim.y + threadIdx.y);
  const int z = static_cast<int>(blockIdx.z);
  if (x >= width || y >= height || z >= depth) return;
  char* slice = reinterpret_cast<char*>(volume) + static_cast<size_t>(z) * height * pitch;
  float* row = reinterpret_cast<float*>(slice + y * pitch);
  row[x] = __fadd_rn(__fmul_rn(row[x], scale), add);
}
