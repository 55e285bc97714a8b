// The model of the tp_decode sample, shared by its kernels (NVRTC and nvcc compile them) and
// its CPU reference (g++): plain C++, with <cmath> for the host's sqrtf. A Llama-shaped
// decoder: RMSNorm, attention with rotary position embeddings over a KV cache, a SwiGLU MLP,
// bf16 weights.
// Its shape is the graph's consts (tp_decode.graph; `graphc -D` gives others), here a
// Shape. Each weight is defined whole, [out][in] as PyTorch's nn.Linear stores it; a rank
// of a tensor-parallel group of W holds Megatron's slice of it: the rows of its heads of
// W_qkv and of its part of the MLP's gate and up projections (column-parallel), the columns
// of the same parts of W_o and W_down (row-parallel), so that each rank's two row-parallel
// GEMMs give a partial sum that one all-reduce completes.
#pragma once

#ifndef __CUDACC_RTC__
#include <cmath>
#endif

#ifdef __CUDACC__
#define TP_HD __host__ __device__
#else
#define TP_HD
#endif

namespace tp_model {

/// The shape: batch B (tokens decoded per launch), model dimension D, HEADS attention heads
/// of D / HEADS, MLP width F, L layers, a KV cache of CACHE positions.
struct Shape {
  int batch, model, heads, hidden, layers, cache;
  TP_HD int head_dim() const { return model / heads; }
};

/// The weights of one layer, in this order in a rank's slice of the weights buffer.
enum Tensor : unsigned { w_qkv, w_o, w_gate_up, w_down, tensor_count };

/// The rows and columns of `tensor` whole: W_qkv [3D][D], W_o [D][D], W_gate_up [2F][D]
/// (the gate's F rows, then the up projection's), W_down [D][F].
TP_HD inline void whole_size(const Shape& s, unsigned tensor, long long& rows, long long& cols) {
  const long long d = s.model;
  const long long f = s.hidden;
  rows = tensor == w_qkv ? 3 * d : tensor == w_gate_up ? 2 * f : d;
  cols = tensor == w_down ? f : d;
}

/// The rows and columns of rank's slice of `tensor` among `world` ranks.
TP_HD inline void slice_size(const Shape& s, unsigned tensor, int world, long long& rows, long long& cols) {
  whole_size(s, tensor, rows, cols);
  if (tensor == w_qkv || tensor == w_gate_up)
    rows /= world;  // column-parallel: a slice of the outputs
  else
    cols /= world;  // row-parallel: a slice of the inputs
}

/// The elements of one layer's slices on one rank: what the graph's const PL counts.
TP_HD inline long long layer_slice_elements(const Shape& s, int world) {
  long long total = 0;
  for (unsigned t = 0; t < tensor_count; ++t) {
    long long rows = 0, cols = 0;
    slice_size(s, t, world, rows, cols);
    total += rows * cols;
  }
  return total;
}

/// Where row `row` of rank `rank`'s slice of a column-parallel tensor is in the whole: each
/// of its parts (q, k and v; gate and up) is split over the `world` ranks, `part_rows` rows
/// of it apiece.
TP_HD inline long long whole_row(long long row, long long part_rows, int rank, int world) {
  return row / part_rows * part_rows * world + rank * part_rows + row % part_rows;
}

/// A value in [-scale, scale) from (seed, index): SplitMix64's finalizer of the pair, its top
/// 24 bits centred, then one float multiply of an exactly representable integer, so the host
/// and the device get the same bits.
TP_HD inline float hashed_value(unsigned seed, unsigned long long index, float scale) {
  unsigned long long z = index + (static_cast<unsigned long long>(seed) << 40) + 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  const int centred = static_cast<int>(z >> 40) - (1 << 23);  // -2^23 .. 2^23 - 1
  return static_cast<float>(centred) * (scale * (1.0f / 8388608.0f));
}

/// `value` rounded to the nearest bf16 (ties to even), as __float2bfloat16_rn rounds it, as
/// a float: what a bf16 weight holds. Finite values only.
TP_HD inline float round_bf16(float value) {
  union {
    float f;
    unsigned u;
  } bits{value};
  bits.u = (bits.u + 0x7FFFu + ((bits.u >> 16) & 1u)) & 0xFFFF0000u;
  return bits.f;
}

/// Element (row, col) of `tensor` of layer `layer`, whole: uniform in [-a, a) with a =
/// sqrt(3 / in), which keeps a projection's output at its input's scale, rounded to bf16.
TP_HD inline float weight(const Shape& s, unsigned layer, unsigned tensor, long long row, long long col) {
  long long rows = 0, cols = 0;
  whole_size(s, tensor, rows, cols);
  const float scale = sqrtf(3.0f / static_cast<float>(cols));  // correctly rounded on both sides
  const unsigned seed = layer * tensor_count + tensor + 1;
  return round_bf16(hashed_value(seed, static_cast<unsigned long long>(row * cols + col), scale));
}

/// Element `index` of one layer's slices on rank `rank` of `world` (the tensors in Tensor's
/// order, each [rows][cols] of its slice, row-major): the whole weight it is a part of.
TP_HD inline float slice_weight(const Shape& s, unsigned layer, int rank, int world, long long index) {
  for (unsigned t = 0; t < tensor_count; ++t) {
    long long rows = 0, cols = 0;
    slice_size(s, t, world, rows, cols);
    if (index >= rows * cols) {
      index -= rows * cols;
      continue;
    }
    const long long row = index / cols;
    const long long col = index % cols;
    if (t == w_qkv) return weight(s, layer, t, whole_row(row, s.model / world, rank, world), col);
    if (t == w_gate_up) return weight(s, layer, t, whole_row(row, s.hidden / world, rank, world), col);
    return weight(s, layer, t, row, rank * cols + col);  // row-parallel: a slice of the columns
  }
  return 0.0f;  // past the layer's slices: never asked
}

/// Gain `index` of RMSNorm `norm` (2 per layer: before attention and before the MLP, then
/// the final norm): 1 + [-0.1, 0.1).
TP_HD inline float gain(int norm, int index) {
  return 1.0f + hashed_value(0x6A1Eu + static_cast<unsigned>(norm), static_cast<unsigned long long>(index), 0.1f);
}

/// The embedding of token `token` of the batch at position `pos`, feature d: [-1, 1).
TP_HD inline float embedding(int token, int pos, int d, int model) {
  return hashed_value(0xE11Bu, (static_cast<unsigned long long>(pos) * 64 + token) * model + d, 1.0f);
}

}  // namespace tp_model
