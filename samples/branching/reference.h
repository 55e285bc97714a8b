// The CPU reference of branching.graph (plain C++, shared by the generated-path and the
// runtime-path programs): the same transformations of v, and the same decisions, taken
// from the same statistics of v, as the graph's conditional nodes.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace graphc::samples::branching {

inline constexpr int n = 1024;                    // const N
inline constexpr float default_offset = -300.0f;  // param offset's default
inline constexpr float floor_value = 0.0f;        // const FLOOR: clamp runs when min(v) < FLOOR
inline constexpr double mean_limit = 300.0;       // const MEAN_LIMIT: rescale's then-branch when mean(v) > this
inline constexpr float bucket_width = 300.0f;     // const WIDTH: pick runs case min(max(v) / WIDTH, 3)
inline constexpr int cases = 4;                   // const CASES: pick's cases
inline constexpr float too_big = 500.0f;          // const TOO_BIG: normalize runs when max(v) > this
inline constexpr float target = 100.0f;           // const TARGET: shrink halves v while max(v) > this

/// The slots of the trace buffer (h_trace), each written by one node.
enum TraceSlot : int {
  slot_clamp = 0,      // decide_clamp: 1 when clamp's body runs
  slot_rescale = 1,    // decide_rescale: 1 for rescale's then-branch, 0 for its else-branch
  slot_pick = 2,       // decide_pick: the case pick runs
  slot_normalize = 3,  // decide_normalize: 1 when normalize's body runs
  slot_arm = 4,        // arm (inside normalize): 1 when shrink's body runs at least once
  slot_halvings = 5,   // count (inside shrink): how many times shrink's body ran
  slot_recheck = 6,    // recheck (inside shrink): the handle's last value, 0 once the loop ended
  trace_slots = 7,     // const TRACE
};

struct Result {
  std::vector<float> v;      // h_out
  std::vector<float> trace;  // h_trace
};

/// h_out and h_trace after one launch with `offset`: v = iota(0) + offset, then the four
/// conditional nodes in order, each deciding from v as the previous ones left it. With
/// the default offset -300: clamp runs, rescale takes its else-branch (mean 255.6), pick
/// runs case 2 (reverse; max 823), normalize runs and shrink halves v 4 times (max 51.4).
Result reference(float offset);

/// The trace in words: "clamp=ran rescale=else pick=case 2 normalize=ran shrink=4 halvings".
std::string describe(std::span<const float> trace);

}  // namespace graphc::samples::branching
