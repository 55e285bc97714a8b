// The shapes of the sample's model and its fixed-seed parameters, shared by the kernels
// (NVRTC and nvcc compile them) and the CPU reference (g++): plain C++ with no includes.
// GPT-2 small's decoder: 12 layers of model dimension 768, 12 heads of 64, an MLP of 3072,
// and a KV cache of 1024 positions. Every layer's parameters are one slice of one buffer,
// laid out as the constants below say, each weight [out][in] (row-major, as PyTorch's
// nn.Linear stores it).
#pragma once

#ifdef __CUDACC__
#define DECODE_HD __host__ __device__
#else
#define DECODE_HD
#endif

namespace decode_model {

constexpr int kLayers = 12;
constexpr int kModel = 768;  // D
constexpr int kHeads = 12;
constexpr int kHeadDim = 64;      // D / heads
constexpr int kHidden = 3072;     // F, the MLP's width
constexpr int kPositions = 1024;  // T, the KV cache's length

// The parameters of one layer, in this order, as offsets (elements) into its slice.
enum Tensor : unsigned { ln1_g, ln1_b, w_qkv, b_qkv, w_o, b_o, ln2_g, ln2_b, w_1, b_1, w_2, b_2, tensor_count };

DECODE_HD constexpr long long tensor_size(unsigned tensor) {
  constexpr long long d = kModel;
  constexpr long long f = kHidden;
  switch (tensor) {
    case w_qkv: return 3 * d * d;
    case b_qkv: return 3 * d;
    case w_o: return d * d;
    case w_1: return f * d;
    case b_1: return f;
    case w_2: return d * f;
    default: return d;  // the norms' gains and biases, b_o, b_2
  }
}

DECODE_HD constexpr long long tensor_offset(unsigned tensor) {
  long long offset = 0;
  for (unsigned t = 0; t < tensor; ++t) offset += tensor_size(t);
  return offset;
}

constexpr long long kLayerParameters = tensor_offset(tensor_count);  // 7 087 872

// A value in [-scale, scale) from (seed, index): an integer hash, then one float multiply
// of an exactly representable integer, so the host and the device get the same bits.
DECODE_HD inline float hashed_value(unsigned seed, unsigned index, float scale) {
  unsigned h = index * 0x9E3779B1u + seed * 0x85EBCA77u + 0x165667B1u;
  h ^= h >> 15;
  h *= 0x2C1B3C6Du;
  h ^= h >> 12;
  h *= 0x297A2D39u;
  h ^= h >> 15;
  const int centred = static_cast<int>(h >> 8) - (1 << 23);  // -2^23 .. 2^23 - 1
  return static_cast<float>(centred) * (scale * (1.0f / 8388608.0f));
}

// Element `index` of parameter `tensor` of layer `layer`: the norms' gains 1 + [-0.1, 0.1),
// their biases and the other biases [-0.02, 0.02), the weights [-0.04, 0.04) (never zero
// as a whole).
DECODE_HD inline float parameter(unsigned layer, unsigned tensor, unsigned index) {
  const unsigned seed = layer * tensor_count + tensor + 1;
  switch (tensor) {
    case ln1_g:
    case ln2_g: return 1.0f + hashed_value(seed, index, 0.1f);
    case w_qkv:
    case w_o:
    case w_1:
    case w_2: return hashed_value(seed, index, 0.04f);
    default: return hashed_value(seed, index, 0.02f);
  }
}

// The embedding of token `token` of the batch at position `pos`: [-1, 1).
DECODE_HD inline float embedding(int token, int pos, int d) {
  return hashed_value(0xE11Bu, static_cast<unsigned>((pos * 64 + token) * kModel + d), 1.0f);
}

}  // namespace decode_model
