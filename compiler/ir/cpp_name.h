// C++ function names as a .graph file may write them for kernel and host nodes: what the
// generated code can spell as a reference to the function, and NVRTC as a name expression.
#pragma once

#include <string_view>

namespace graphc::ir {

/// Whether `text` is `::`? name (`<` arguments `>`)? (`::` name (`<` arguments `>`)?)*,
/// where a template argument is a type (words, `::`, nested template-ids, `*`, `&`) or a
/// constant expression (numbers, operators other than `/`, parenthesised groups), with
/// single spaces between words. No quotes, `/`, `#`, `\`, `;`, braces or brackets, so the
/// name cannot end a string, open a comment or a preprocessor line in generated code.
bool is_cpp_function_name(std::string_view text);

}  // namespace graphc::ir
