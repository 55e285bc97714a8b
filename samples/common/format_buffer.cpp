#include "format_buffer.h"

#include <iterator>

#include <fmt/format.h>

namespace graphc::samples {

std::string format_buffer(std::string_view name, std::span<const float> values) {
  std::string line;
  line.reserve(name.size() + 2 + values.size() * 12);
  fmt::format_to(std::back_inserter(line), "{}:", name);
  for (const float v : values) fmt::format_to(std::back_inserter(line), " {}", v);
  line += '\n';
  return line;
}

}  // namespace graphc::samples
