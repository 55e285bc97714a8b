// What both branching programs check beyond h_out against the CPU reference: that the
// trace of decisions (h_trace) is the reference's, value for value. Header-only, so that
// the sample needs no library beyond reference.cpp.
#pragma once

#include <algorithm>
#include <span>
#include <string_view>

#include <fmt/format.h>

#include "common/sample_main.h"
#include "reference.h"

namespace graphc::samples::branching {

/// `status` is sample_main's; when it compared h_out (OK or MISMATCH), prints
/// `<label>: OK clamp=ran rescale=else ... (reference: ...)` (or MISMATCH) and returns the
/// combined status.
inline int check_trace(std::string_view label, int status, std::span<const float> trace) {
  if (status != sample_ok && status != sample_mismatch) return status;
  const Result want = reference(default_offset);
  const bool same = std::ranges::equal(trace, want.trace);
  fmt::print("{}: {} {} (reference: {})\n", label, same ? "OK" : "MISMATCH", describe(trace), describe(want.trace));
  return same ? status : sample_mismatch;
}

}  // namespace graphc::samples::branching
