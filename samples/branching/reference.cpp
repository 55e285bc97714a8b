#include "reference.h"

#include <algorithm>

namespace graphc::samples::branching {
namespace {

struct Stats {
  float min = 0.0f;
  float max = 0.0f;
  double mean = 0.0;
};

/// What the decide kernels compute. The sum is exact in double for the values this graph
/// makes (integers and their halves below 2^24), so its order does not matter.
Stats stats(const std::vector<float>& v) {
  Stats s{v[0], v[0], 0.0};
  double sum = 0.0;
  for (const float x : v) {
    s.min = std::min(s.min, x);
    s.max = std::max(s.max, x);
    sum += static_cast<double>(x);
  }
  s.mean = sum / static_cast<double>(v.size());
  return s;
}

void add_constant(std::vector<float>& v, float a) {
  for (float& x : v) x = x + a;
}
void multiply_by(std::vector<float>& v, float a) {
  for (float& x : v) x = x * a;
}

/// set_bucket_of_max: the case for max(v) / width, clamped to [0, cases - 1].
int bucket(float max, float width) {
  const float ratio = max / width;
  if (!(ratio >= 1.0f)) return 0;
  if (ratio >= static_cast<float>(cases - 1)) return cases - 1;
  return static_cast<int>(ratio);
}

}  // namespace

Result reference(float offset) {
  Result r;
  r.v.resize(n);
  r.trace.assign(trace_slots, 0.0f);                           // clear_trace
  for (int i = 0; i < n; ++i) r.v[i] = static_cast<float>(i);  // h_in = iota(0), upload
  add_constant(r.v, offset);                                   // shift

  // IF: clamp negatives to FLOOR when any value is below it.
  const bool clamp = stats(r.v).min < floor_value;
  r.trace[slot_clamp] = clamp ? 1.0f : 0.0f;
  if (clamp) {
    for (float& x : r.v) x = x < floor_value ? floor_value : x;
  }

  // IF/ELSE: halve when the mean is above MEAN_LIMIT, else lift by 100.
  const bool halve = stats(r.v).mean > mean_limit;
  r.trace[slot_rescale] = halve ? 1.0f : 0.0f;
  if (halve) {
    multiply_by(r.v, 0.5f);
  } else {
    add_constant(r.v, 100.0f);
  }

  // SWITCH on the bucket of the maximum.
  const int pick = bucket(stats(r.v).max, bucket_width);
  r.trace[slot_pick] = static_cast<float>(pick);
  switch (pick) {
    case 0: add_constant(r.v, 1.0f); break;
    case 1: multiply_by(r.v, -1.0f); break;
    case 2: std::reverse(r.v.begin(), r.v.end()); break;
    default:
      for (float& x : r.v) x = x * x;
      break;
  }

  // IF with a nested WHILE: when the maximum is above TOO_BIG, halve v until it is not
  // above TARGET.
  const bool normalize = stats(r.v).max > too_big;
  r.trace[slot_normalize] = normalize ? 1.0f : 0.0f;
  if (normalize) {
    bool again = stats(r.v).max > target;  // arm
    r.trace[slot_arm] = again ? 1.0f : 0.0f;
    while (again) {
      r.trace[slot_halvings] = r.trace[slot_halvings] + 1.0f;  // count
      multiply_by(r.v, 0.5f);                                  // halve
      again = stats(r.v).max > target;                         // recheck
      r.trace[slot_recheck] = again ? 1.0f : 0.0f;
    }
  }
  return r;
}

std::string describe(std::span<const float> trace) {
  if (trace.size() != trace_slots) return "(a trace of " + std::to_string(trace.size()) + " values)";
  const auto ran = [&trace](int slot) { return trace[slot] != 0.0f ? std::string("ran") : std::string("skipped"); };
  std::string text = "clamp=" + ran(slot_clamp);
  text += " rescale=" + std::string(trace[slot_rescale] != 0.0f ? "then" : "else");
  text += " pick=case " + std::to_string(static_cast<int>(trace[slot_pick]));
  text += " normalize=" + ran(slot_normalize);
  text += " shrink=" + std::to_string(static_cast<int>(trace[slot_halvings])) + " halvings";
  return text;
}

}  // namespace graphc::samples::branching
