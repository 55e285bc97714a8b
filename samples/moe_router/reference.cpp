#include "reference.h"

#include <cstdint>

namespace graphc::samples::moe_router {
namespace {

// moe_router_kernels.cu's quarter(): the value at `index` of input `stream`.
float quarter(std::uint32_t stream, std::uint32_t index) {
  std::uint32_t h = index * 2654435761u + stream * 40503u + 12345u;
  h ^= h >> 13;
  h *= 0x5bd1e995u;
  h ^= h >> 15;
  return static_cast<float>(static_cast<int>(h % 9u) - 4) * 0.25f;
}

std::vector<float> stream_of(std::uint32_t stream, std::size_t count) {
  std::vector<float> out(count);
  for (std::size_t i = 0; i < count; ++i) out[i] = quarter(stream, static_cast<std::uint32_t>(i));
  return out;
}

// The expert of token t: the largest gate logit, the lowest expert on a tie. Every product
// and partial sum is a multiple of 1/16 well inside f32's exact range, so the order of the
// sum does not matter.
int expert_of(const Inputs& in, int t) {
  int best = 0;
  float best_logit = 0.0f;
  for (int e = 0; e < experts; ++e) {
    float logit = 0.0f;
    for (int i = 0; i < d; ++i)
      logit += in.x[static_cast<std::size_t>(t * d + i)] * in.gate[static_cast<std::size_t>(e * d + i)];
    if (e == 0 || logit > best_logit) {
      best = e;
      best_logit = logit;
    }
  }
  return best;
}

}  // namespace

Inputs inputs() {
  return {stream_of(1, static_cast<std::size_t>(tokens) * d), stream_of(2, static_cast<std::size_t>(experts) * d),
          stream_of(3, static_cast<std::size_t>(experts) * d * d)};
}

std::vector<float> reference() {
  const Inputs in = inputs();
  std::vector<float> y(static_cast<std::size_t>(tokens) * d);
  for (int t = 0; t < tokens; ++t) {
    const float* w = in.w.data() + static_cast<std::size_t>(expert_of(in, t)) * d * d;
    for (int j = 0; j < d; ++j) {
      float sum = 0.0f;
      for (int i = 0; i < d; ++i) sum += in.x[static_cast<std::size_t>(t * d + i)] * w[i * d + j];
      y[static_cast<std::size_t>(t * d + j)] = sum > 0.0f ? sum : 0.0f;
    }
  }
  return y;
}

std::vector<float> counts_reference() {
  const Inputs in = inputs();
  std::vector<float> counts(experts, 0.0f);
  for (int t = 0; t < tokens; ++t) counts[static_cast<std::size_t>(expert_of(in, t))] += 1.0f;
  return counts;
}

}  // namespace graphc::samples::moe_router
