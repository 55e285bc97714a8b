#include "reference.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace graphc::samples::tp_decode {
namespace {

using tp_model::Shape;
using Vector = std::vector<double>;

// One tensor of one layer, whole, [rows][cols] row-major, as the ranks' slices hold it.
struct Matrix {
  long long rows = 0, cols = 0;
  std::vector<float> values;

  Matrix(const Shape& s, unsigned layer, unsigned tensor) {
    tp_model::whole_size(s, tensor, rows, cols);
    values.resize(static_cast<std::size_t>(rows * cols));
    for (long long r = 0; r < rows; ++r) {
      for (long long c = 0; c < cols; ++c) {
        values[static_cast<std::size_t>(r * cols + c)] = tp_model::weight(s, layer, tensor, r, c);
      }
    }
  }

  // y = W x.
  Vector times(const Vector& x) const {
    Vector y(static_cast<std::size_t>(rows));
    for (long long r = 0; r < rows; ++r) {
      const float* row = values.data() + r * cols;
      double sum = 0;
      for (long long c = 0; c < cols; ++c) sum += row[c] * x[static_cast<std::size_t>(c)];
      y[static_cast<std::size_t>(r)] = sum;
    }
    return y;
  }
};

struct Layer {
  Matrix qkv, o, gate_up, down;
  Layer(const Shape& s, unsigned layer)
      : qkv(s, layer, tp_model::w_qkv),
        o(s, layer, tp_model::w_o),
        gate_up(s, layer, tp_model::w_gate_up),
        down(s, layer, tp_model::w_down) {}
};

Vector rms_norm(const Vector& x, int norm) {
  double squares = 0;
  for (const double v : x) squares += v * v;
  const double inverse = 1.0 / std::sqrt(squares / static_cast<double>(x.size()) + 1e-5);
  Vector out(x.size());
  for (std::size_t d = 0; d < x.size(); ++d) out[d] = x[d] * inverse * tp_model::gain(norm, static_cast<int>(d));
  return out;
}

// Rotates the halves of one head's vector by the angles of position `pos` (RoPE, base 10000).
void rope(double* v, int head_dim, int pos) {
  const int half = head_dim / 2;
  for (int i = 0; i < half; ++i) {
    const double angle = pos * std::pow(10000.0, -2.0 * i / head_dim);
    const double a = v[i], b = v[i + half];
    v[i] = a * std::cos(angle) - b * std::sin(angle);
    v[i + half] = b * std::cos(angle) + a * std::sin(angle);
  }
}

// The keys and values of every layer, token and head so far: [layer][token][head] -> [pos][dim].
struct Cache {
  std::vector<std::vector<Vector>> keys, values;
  Cache(const Shape& s) {
    const std::size_t slots = static_cast<std::size_t>(s.layers) * s.batch * s.heads;
    keys.resize(slots);
    values.resize(slots);
  }
};

// Attention of every head of one token at position pos, over the cache of (layer, token).
Vector attend(const Shape& s, Vector qkv, Cache& cache, int layer, int token, int pos) {
  const int d = s.model;
  const int hd = s.head_dim();
  Vector out(static_cast<std::size_t>(d));
  for (int head = 0; head < s.heads; ++head) {
    double* q = qkv.data() + head * hd;
    double* k = qkv.data() + d + head * hd;
    const double* v = qkv.data() + 2 * d + head * hd;
    rope(q, hd, pos);
    rope(k, hd, pos);
    const std::size_t slot = (static_cast<std::size_t>(layer) * s.batch + token) * s.heads + head;
    cache.keys[slot].emplace_back(k, k + hd);
    cache.values[slot].emplace_back(v, v + hd);
    Vector scores(static_cast<std::size_t>(pos) + 1);
    for (int t = 0; t <= pos; ++t) {
      double dot = 0;
      for (int i = 0; i < hd; ++i)
        dot += q[i] * cache.keys[slot][static_cast<std::size_t>(t)][static_cast<std::size_t>(i)];
      scores[static_cast<std::size_t>(t)] = dot / std::sqrt(static_cast<double>(hd));
    }
    const double best = *std::max_element(scores.begin(), scores.end());
    double sum = 0;
    for (double& score : scores) sum += score = std::exp(score - best);
    for (int i = 0; i < hd; ++i) {
      double acc = 0;
      for (int t = 0; t <= pos; ++t) {
        acc += scores[static_cast<std::size_t>(t)] *
               cache.values[slot][static_cast<std::size_t>(t)][static_cast<std::size_t>(i)];
      }
      out[static_cast<std::size_t>(head * hd + i)] = acc / sum;
    }
  }
  return out;
}

Vector swiglu(const Vector& gate_up, int hidden) {
  Vector out(static_cast<std::size_t>(hidden));
  for (int j = 0; j < hidden; ++j) {
    const double gate = gate_up[static_cast<std::size_t>(j)];
    out[static_cast<std::size_t>(j)] = gate / (1.0 + std::exp(-gate)) * gate_up[static_cast<std::size_t>(hidden + j)];
  }
  return out;
}

void add(Vector& x, const Vector& y) {
  for (std::size_t i = 0; i < x.size(); ++i) x[i] += y[i];
}

}  // namespace

std::map<std::string, std::string, std::less<>> defines(const Shape& shape) {
  return {{"B", std::to_string(shape.batch)},     {"D", std::to_string(shape.model)},
          {"HEADS", std::to_string(shape.heads)}, {"F", std::to_string(shape.hidden)},
          {"L", std::to_string(shape.layers)},    {"CACHE", std::to_string(shape.cache)}};
}

std::vector<float> reference(const Shape& s, int steps) {
  std::vector<Layer> layers;
  for (int l = 0; l < s.layers; ++l) layers.emplace_back(s, static_cast<unsigned>(l));
  Cache cache(s);
  std::vector<float> out;
  for (int pos = 0; pos < steps; ++pos) {
    for (int token = 0; token < s.batch; ++token) {
      Vector x(static_cast<std::size_t>(s.model));
      for (int d = 0; d < s.model; ++d) x[static_cast<std::size_t>(d)] = tp_model::embedding(token, pos, d, s.model);
      Vector h = rms_norm(x, 0);
      for (int l = 0; l < s.layers; ++l) {
        const Layer& w = layers[static_cast<std::size_t>(l)];
        add(x, w.o.times(attend(s, w.qkv.times(h), cache, l, token, pos)));
        h = rms_norm(x, 2 * l + 1);
        add(x, w.down.times(swiglu(w.gate_up.times(h), s.hidden)));
        h = rms_norm(x, 2 * l + 2);
      }
      for (const double v : x) out.push_back(static_cast<float>(v));
    }
  }
  return out;
}

}  // namespace graphc::samples::tp_decode
