// The C++ back end: a validated module -> NAME.graph.h and NAME.graph.cu.
#pragma once

#include <string>

#include "ir/graph.h"
#include "source/source.h"

namespace graphc::backend {

struct CppFiles {
  std::string header_name;  // "NAME.graph.h"
  std::string header;
  std::string source_name;  // "NAME.graph.cu"
  std::string source;
};

struct CppOptions {
  /// `#line` directives that point the C++ compiler's messages (and debuggers) at the
  /// .graph lines of kernel arguments; off: plain C++ (`graphc compile --no-line-directives`).
  bool line_directives = true;
};

/// Generates the header and source for every graph in `module` (which must have analyzed
/// without errors). `input_path` is the path as given on the command line; it appears in
/// the banner and in #line directives. Output is byte-identical for the same input.
CppFiles emit_cpp(const ir::Module& module, const SourceManager& sources, const std::string& input_path,
                  const CppOptions& options = {});

}  // namespace graphc::backend
