// The `BUF: v0 v1 ... v(n-1)` line of `graphc run --print BUF`: each value in fmt's
// shortest round-trip form (`{}` of the float itself, not widened to double), separated by
// single spaces. The sample programs print the same line, so the outputs of the runtime
// and the generated path can be compared byte for byte.
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace graphc::samples {

/// The line, newline included.
std::string format_buffer(std::string_view name, std::span<const float> values);

}  // namespace graphc::samples
