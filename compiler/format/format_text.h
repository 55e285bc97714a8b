// `graphc fmt`: the canonical layout of a .graph file, with its comments kept.
//
// The layout is the one `graphc convert` writes (backend/text/emit_text.h): one statement
// per line, four spaces per block level, `} else {` on one line, one space around binary
// operators, `:`, `=`, `->` and `<-` and after commas, none inside brackets or around a
// slice's `:`. Unlike convert it keeps what the file says as written: the order of
// statements, edge chains and groups, literals, and every comment. A comment that follows
// code on its line stays at the end of that line; any other comment gets a line of its own
// at the indentation of what follows it. One blank line is kept where the file had one or
// more (never at the start or end of a block), and every graph is set off by a blank line.
// A line comment inside a statement ends its line; the statement goes on at the indent of
// its continuation lines. Declarations the file set in columns stay in columns (align.h),
// and a statement longer than the column limit is broken over lines (wrap.h). The layout
// is a function of the pieces alone (their padding included), so formatting is idempotent.
#pragma once

#include <string>
#include <string_view>

namespace graphc::format {

/// The canonical layout of `text`, a .graph file that parses without errors (the caller
/// checks; for other text the result is unspecified but every token is still kept).
/// Throws std::logic_error if the layout would read back as different tokens or comments
/// (a formatter bug; the input is never at fault).
std::string format_text(std::string_view text);

}  // namespace graphc::format
