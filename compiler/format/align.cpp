#include "format/align.h"

#include <algorithm>
#include <cstddef>

namespace graphc::format {
namespace {

std::size_t keyword_width(const Segment& s) { return s.head->name == 0 ? 0 : code_width(s.code, 0, s.head->name); }
std::size_t name_width(const Segment& s) { return code_width(s.code, s.head->name, s.head->colon); }

// Pads the names and colons of segments [first, last), a run, into columns.
void align_run(std::vector<Segment>& segments, std::size_t first, std::size_t last) {
  std::size_t keywords = 0;
  std::size_t names = 0;
  for (std::size_t i = first; i < last; ++i) {
    keywords = std::max(keywords, keyword_width(segments[i]));
    names = std::max(names, name_width(segments[i]));
  }
  for (std::size_t i = first; i < last; ++i) {
    Segment& s = segments[i];
    if (s.head->name > 0) s.code[s.head->name].pad = keywords - keyword_width(s);
    s.code[s.head->colon].pad = names - name_width(s);
  }
}

}  // namespace

void align_declarations(std::vector<Segment>& segments) {
  for (std::size_t first = 0; first < segments.size();) {
    if (!segments[first].head) {
      ++first;
      continue;
    }
    std::size_t last = first;
    bool padded = false;
    for (; last < segments.size() && segments[last].head; ++last) padded = padded || segments[last].head->padded;
    if (padded) align_run(segments, first, last);
    first = last;
  }
}

}  // namespace graphc::format
