// The C++ back end: a validated module -> NAME.graph.h and NAME.graph.cu.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

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
  /// Each cuBLASLt matmul's plan made with graphc::MatmulTuning::timed (`graphc compile
  /// --tune-matmuls`): its algorithm the fastest of the heuristic's candidates on the device.
  bool tune_matmuls = false;
};

/// Generates the header and source for every graph in `module` (which must have analyzed
/// without errors). `input_path` is the path as given on the command line; it appears in
/// the banner and in #line directives. Output is byte-identical for the same input.
CppFiles emit_cpp(const ir::Module& module, const SourceManager& sources, const std::string& input_path,
                  const CppOptions& options = {});

/// One value of a file's variant dimension and the file compiled for it.
struct CppVariant {
  std::int64_t value = 0;
  const ir::Module* module = nullptr;
  const SourceManager* sources = nullptr;
};

/// emit_cpp of every variant of a file with variant dimension `dimension` (`variants` in
/// ascending order of value, each analyzed without errors): the graphs of variant V in
/// namespaces graphc::gen::<graph>::<dimension><V>, the kernels' modules included once, and
/// per graph that owns its storage a class graphc::gen::<graph>::Variants over the largest
/// variant's Storage (emit_variants).
CppFiles emit_cpp_variants(const std::string& dimension, const std::vector<CppVariant>& variants,
                           const std::string& input_path, const CppOptions& options = {});

}  // namespace graphc::backend
