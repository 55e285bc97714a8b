// `graphc fmt` breaks a segment whose code passes the column limit over several lines:
//
//     kernel transform : scale_add_3d<<<(ceil_div(W, 8), ceil_div(H, 4), D), (8, 4, 1)>>>(vol,
//         pitch(vol), W, H, D, 3.0f, 0.5f);
//
// A line may end after a comma (of an argument list, a `{a, b}` group, a launch
// configuration, a slice) or before `->`, nowhere else: never inside a token, a string or a
// comment. Each line takes as much as fits: of the places where it can end within the
// limit, the one with the fewest brackets open, and of those the last. Where none fits, the
// line ends at the first place it can. The lines after the first are indented one level
// deeper than the statement, two when the statement opens a block (so that they stand apart
// from its body). Code that fits stays on one line. End-of-line comments are not counted.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "format/segment.h"

namespace graphc::format {

/// The column limit, clang-format's default for C++ code of this width.
constexpr std::size_t kColumnLimit = 100;

/// One output line: code at a block depth, then the comments that end it.
struct Line {
  std::size_t indent = 0;
  std::string code;
  std::string comment;
  std::size_t width() const { return indent * kIndentWidth + code.size(); }
};

/// The lines of `segment`, its code broken where it passes `column_limit`.
std::vector<Line> wrap(const Segment& segment, std::size_t column_limit);

}  // namespace graphc::format
