#include "reference.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "model.h"

namespace graphc::samples::transformer_decode {
namespace {

using namespace decode_model;

constexpr int D = kModel;
constexpr int F = kHidden;

// `v` rounded to the nearest bf16 (ties to even), as __float2bfloat16_rn does, as a float.
float to_bf16(float v) {
  const auto bits = std::bit_cast<std::uint32_t>(v);
  const std::uint32_t rounded = bits + 0x7fffu + ((bits >> 16) & 1u);
  return std::bit_cast<float>(rounded & 0xffff0000u);
}

// One layer's parameters as the graph's first launch writes them.
struct Layer {
  std::vector<float> values;
  const float* at(unsigned tensor) const { return values.data() + tensor_offset(tensor); }
};

Layer layer_parameters(unsigned layer, Precision precision) {
  Layer out;
  out.values.resize(static_cast<std::size_t>(kLayerParameters));
  for (unsigned tensor = 0; tensor < tensor_count; ++tensor) {
    const long long offset = tensor_offset(tensor);
    for (long long i = 0; i < tensor_size(tensor); ++i) {
      const float value = parameter(layer, tensor, static_cast<unsigned>(i));
      out.values[static_cast<std::size_t>(offset + i)] = precision == Precision::bf16 ? to_bf16(value) : value;
    }
  }
  return out;
}

std::vector<double> layer_norm(const std::vector<double>& x, const float* gain, const float* bias) {
  double mean = 0;
  for (const double v : x) mean += v;
  mean /= D;
  double variance = 0;
  for (const double v : x) variance += (v - mean) * (v - mean);
  variance /= D;
  const double inverse = 1.0 / std::sqrt(variance + 1e-5);
  std::vector<double> out(D);
  for (int d = 0; d < D; ++d) out[d] = (x[d] - mean) * inverse * gain[d] + bias[d];
  return out;
}

// y = W x + b, W [out][in].
std::vector<double> linear(const float* w, const float* b, const std::vector<double>& x, int out, int in) {
  std::vector<double> y(out);
  for (int o = 0; o < out; ++o) {
    const float* row = w + static_cast<long long>(o) * in;
    double sum = 0;
    for (int i = 0; i < in; ++i) sum += row[i] * x[i];
    y[o] = sum + b[o];
  }
  return y;
}

double gelu(double v) { return 0.5 * v * (1.0 + std::tanh(0.7978845608028654 * (v + 0.044715 * v * v * v))); }

}  // namespace

std::vector<float> reference(int steps, Precision precision) {
  // A value as the graph stores it: as computed (f32: the reference keeps doubles), or
  // rounded to bf16.
  const auto stored = [&](double v) {
    return precision == Precision::bf16 ? static_cast<double>(to_bf16(static_cast<float>(v))) : v;
  };
  const auto store_all = [&](std::vector<double> values) {
    for (double& v : values) v = stored(v);
    return values;
  };
  std::vector<Layer> layers;
  for (unsigned l = 0; l < kLayers; ++l) layers.push_back(layer_parameters(l, precision));
  // The caches, [layer][token][position][feature]: one vector each (a vector of vectors
  // trips GCC 13's -Wfree-nonheap-object at -O2).
  std::vector<double> keys(static_cast<std::size_t>(kLayers) * kBatch * steps * D);
  std::vector<double> values(keys.size());
  const auto cache = [&](int layer, int token, int pos) {
    return static_cast<std::ptrdiff_t>(((static_cast<std::size_t>(layer) * kBatch + token) * steps + pos) * D);
  };
  std::vector<float> out;
  for (int pos = 0; pos < steps; ++pos) {
    for (int b = 0; b < kBatch; ++b) {
      std::vector<double> x(D);
      for (int d = 0; d < D; ++d) x[d] = stored(embedding(b, pos, d));
      for (int l = 0; l < kLayers; ++l) {
        const Layer& p = layers[l];
        const std::vector<double> qkv =
            store_all(linear(p.at(w_qkv), p.at(b_qkv), store_all(layer_norm(x, p.at(ln1_g), p.at(ln1_b))), 3 * D, D));
        std::copy(qkv.begin() + D, qkv.begin() + 2 * D, keys.begin() + cache(l, b, pos));
        std::copy(qkv.begin() + 2 * D, qkv.end(), values.begin() + cache(l, b, pos));
        std::vector<double> attended(D);
        for (int h = 0; h < kHeads; ++h) {
          std::vector<double> scores(pos + 1);
          for (int t = 0; t <= pos; ++t) {
            double dot = 0;
            for (int i = 0; i < kHeadDim; ++i) dot += qkv[h * kHeadDim + i] * keys[cache(l, b, t) + h * kHeadDim + i];
            scores[t] = dot / std::sqrt(static_cast<double>(kHeadDim));
          }
          const double largest = *std::max_element(scores.begin(), scores.end());
          double sum = 0;
          for (double& s : scores) sum += (s = std::exp(s - largest));
          for (int i = 0; i < kHeadDim; ++i) {
            double acc = 0;
            for (int t = 0; t <= pos; ++t) acc += scores[t] * values[cache(l, b, t) + h * kHeadDim + i];
            attended[h * kHeadDim + i] = stored(acc / sum);
          }
        }
        const std::vector<double> projected = linear(p.at(w_o), p.at(b_o), attended, D, D);
        for (int d = 0; d < D; ++d) x[d] = stored(x[d] + projected[d]);
        std::vector<double> hidden =
            linear(p.at(w_1), p.at(b_1), store_all(layer_norm(x, p.at(ln2_g), p.at(ln2_b))), F, D);
        for (double& v : hidden) v = stored(gelu(v));
        const std::vector<double> down = linear(p.at(w_2), p.at(b_2), hidden, D, F);
        for (int d = 0; d < D; ++d) x[d] = stored(x[d] + down[d]);
      }
      for (const double v : x) out.push_back(static_cast<float>(v));
    }
  }
  return out;
}

}  // namespace graphc::samples::transformer_decode
