#include "backend/cpp/struct_checks.h"

#include <fmt/format.h>

#include "backend/cpp/cpp_text.h"

namespace graphc::backend {

void write_struct_checks(CodeWriter& out, const ir::Module& module, const SourceManager& sources) {
  if (module.structs.empty()) return;
  out.blank();
  out.line("// The structs kernels take by value, laid out as the .graph file declares them (C ABI).");
  for (const ir::StructDecl& decl : module.structs) {
    const std::string type = kernel_reference(decl.name);  // `::S`: a C++ name, as a kernel's is (E0235)
    const std::string where = sources.location(decl.name_range);
    out.line(fmt::format("static_assert(sizeof({}) == {},", type, decl.size));
    out.line(fmt::format(
        "              {});",
        string_literal(fmt::format("struct '{}' is not {} bytes as declared at {}", decl.name, decl.size, where))));
    for (const ir::StructField& field : decl.fields) {
      out.line(fmt::format("static_assert(offsetof({}, {}) == {},", type, field.name, field.offset));
      out.line(fmt::format("              {});",
                           string_literal(fmt::format("field '{}' of struct '{}' is not at byte {} as declared at {}",
                                                      field.name, decl.name, field.offset,
                                                      sources.location(field.name_range)))));
    }
  }
}

}  // namespace graphc::backend
