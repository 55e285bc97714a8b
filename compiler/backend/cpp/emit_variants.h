// The C++ back end's class Variants: a graph compiled once per value of its file's variant
// dimension, held over one Storage of the largest variant's buffers, each variant built on
// first use (the generated counterpart of graphc::VariantInstances).
#pragma once

#include <string>
#include <vector>

#include "backend/cpp/code_writer.h"
#include "backend/cpp/emit_cpp.h"

namespace graphc::backend {

/// For each graph of the largest variant's module that owns its storage: in the header, class
/// graphc::gen::<graph>::Variants (values, holding(n), variant<V>(), launch(n, stream),
/// bindings()); in the source, its members. The variants' own namespaces
/// (graphc::gen::<graph>::<dimension><V>) are written before.
void emit_variants(CodeWriter& header, CodeWriter& source, const std::string& dimension,
                   const std::vector<CppVariant>& variants);

}  // namespace graphc::backend
