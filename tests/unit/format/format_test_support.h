// Support for the formatter's tests: format a text and check that formatting it again
// changes nothing; what a text means, to check that formatting keeps it.
#pragma once

#include <cstddef>
#include <string>

namespace graphc::test {

/// format_text(text), checked (Catch2 CHECK) to be a fixed point of format_text.
std::string formatted(const std::string& text);

/// The IR dump of `text` after analysis, without source positions: what the file means.
/// Requires (Catch2 REQUIRE) that it compiles.
std::string meaning(const std::string& text);

/// The longest line of `text`, in characters.
std::size_t widest_line(const std::string& text);

}  // namespace graphc::test
