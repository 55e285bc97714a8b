// `graphc fmt` keeps declarations in columns where the file put them in columns:
//
//     buffer h_data : f32[N] host = iota(0);
//     buffer d_data : f32[N] device;
//     param  scale  : f32 = 2.0f;
//
// A run is a maximal sequence of declaration statements `KEYWORD NAME : ...` (struct fields,
// `NAME : ...`, too) of one segment each, one after the other, with no blank line, comment
// line or other statement between them. A run is aligned when the file padded any of its
// names or colons with two or more blanks: every keyword is padded to the longest keyword of
// the run, every name to the longest name, so the names and the colons form columns. A run
// nobody aligned keeps one space. The output of an aligned run is padded again wherever the
// widths differ, and needs no padding where they do not, so formatting stays idempotent.
#pragma once

#include <vector>

#include "format/segment.h"

namespace graphc::format {

/// Sets the `pad` of the names and colons of every aligned run of `segments`.
void align_declarations(std::vector<Segment>& segments);

}  // namespace graphc::format
