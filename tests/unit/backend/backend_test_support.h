// Support for the back-end tests: a .graph text parsed and analyzed into a valid IR.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "diag/diagnostic.h"
#include "ir/graph.h"
#include "source/source.h"

namespace graphc::test {

struct Compiled {
  SourceManager sources;
  DiagEngine diags;
  ir::Module module;
};

/// Parses and analyzes `text` as the file `path`; the test fails unless it has no error.
std::unique_ptr<Compiled> compile(const std::string& path, std::string text);

/// The lines of `text`, without their newlines.
std::vector<std::string> lines_of(const std::string& text);

/// Generated `text` with its wrapped statements joined again: each line break followed by
/// a continuation line (4 more spaces than the statement's first line) becomes one space.
std::string unwrapped(const std::string& text);

}  // namespace graphc::test
