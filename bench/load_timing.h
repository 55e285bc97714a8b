// The loader's cost, as the benchmarks time it: compile_text (parse, validate, optimise),
// no CUDA call.
#pragma once

#include <functional>
#include <string>

#include "compile.h"

namespace graphc::bench {

/// The median of 5 compile_text of `text`, in microseconds; `seen`, when given, gets each
/// compilation (to read what it made). Throws std::runtime_error if `text` does not compile.
double median_load_us(const std::string& text, const std::function<void(const Compilation&)>& seen = {});

}  // namespace graphc::bench
