// A profile as Chrome trace events (the JSON that Perfetto and chrome://tracing open), and
// back: `graphc run --trace` writes it, `graphc dot --profile` reads it.
#pragma once

#include <stdexcept>
#include <string>

#include "graphc/base/profile.h"

namespace graphc::profile {

/// The trace: one complete event ("ph": "X") per node run, named by the node, its kind as
/// the category, on the first lane (thread) free when it started, so concurrent branches
/// show side by side; its source location ("file:line:col"), launch, iteration and kernel
/// function in "args"; one "launch N" event per launch on lane 0. Times in microseconds
/// from the first run's start, to the nanosecond. The profile's other fields are in
/// "otherData". Deterministic.
std::string chrome_trace(const Profile& profile);

/// A trace chrome_trace wrote, read back into the profile it was written from (the runs'
/// times relative to the first run's start). Throws TraceError saying what is missing or
/// malformed for text that is not one.
Profile read_chrome_trace(const std::string& text);

struct TraceError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace graphc::profile
