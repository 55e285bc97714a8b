#include "modules/struct_layouts.h"

#include <algorithm>
#include <charconv>
#include <optional>

#include <fmt/format.h>

#include "modules/cxx_signature.h"
#include "modules/nvrtc_compile.h"
#include "modules/nvrtc_sources.h"

namespace graphc::modules {
namespace {

constexpr std::string_view kField = "graphc_field_";

// The names of the probe's declarations: the object of the i-th struct probed, and the
// detector of its f-th field (the pointer to the field in the object is its name + "_at").
std::string object_name(std::size_t i) { return fmt::format("graphc_object_{}", i); }
std::string probe_name(std::size_t i, std::size_t f) { return fmt::format("graphc_probe_{}_{}", i, f); }

// The C++ spelling of struct `name`, at global scope as generated code spells it.
std::string global(const std::string& name) { return name.starts_with("::") ? name : "::" + name; }

// The detector of field `field` (its C++ name) of any struct: its type and its address in
// an object of the struct where the struct has it, void and null otherwise.
std::string detector(const std::string& probe, const std::string& field) {
  return fmt::format("template <typename S, typename = void>\n"
                     "struct {0} {{\n  using type = void;\n"
                     "  static constexpr const void* at(const S&) {{ return nullptr; }}\n}};\n"
                     "template <typename S>\n"
                     "struct {0}<S, decltype(void(&S::{1}))> {{\n  using type = decltype(S::{1});\n"
                     "  static constexpr const void* at(const S& s) {{ return &s.{1}; }}\n}};\n",
                     probe, field);
}

// The byte offset that the PTX initialiser of pointer `variable` gives within `object`
// (".u64 graphc_probe_0_1_at = generic(graphc_object_0)+4;"); nullopt where it points at
// nothing (no such field).
std::optional<std::uint64_t> ptx_offset(std::string_view ptx, const std::string& variable, const std::string& object) {
  const std::string head = fmt::format(" {} = generic({})", variable, object);
  const std::size_t at = ptx.find(head);
  if (at == std::string_view::npos) return std::nullopt;
  const std::string_view rest = ptx.substr(at + head.size());
  if (rest.starts_with(';')) return 0;
  if (!rest.starts_with('+')) return std::nullopt;
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(rest.data() + 1, rest.data() + rest.size(), value);
  if (error != std::errc{} || end == rest.data() + 1 || *end != ';') return std::nullopt;
  return value;
}

}  // namespace

std::vector<ir::CxxStruct> read_struct_layouts(const std::string& path, const std::vector<ir::StructDecl>& structs,
                                               const NvrtcCache& cache) {
  const std::optional<CuSource> source = read_cu_source(path);
  if (!source || structs.empty()) return {};
  std::vector<std::string> names;
  for (const ir::StructDecl& decl : structs) names.push_back(decl.name);
  const std::vector<std::string> declared = kernel_names_in(source->text + "\n" + source->local_headers, names);
  if (declared.empty()) return {};

  std::string appended = fmt::format("template <typename T>\n__device__ int {} = 0;\n", kField);
  std::vector<std::string> expressions;
  std::vector<const ir::StructDecl*> probed;
  for (const ir::StructDecl& decl : structs) {
    if (std::find(declared.begin(), declared.end(), decl.name) == declared.end()) continue;
    const std::string object = object_name(probed.size());
    appended += fmt::format("__device__ {} {};\n", global(decl.name), object);
    for (const ir::StructField& field : decl.fields) {
      const std::string probe = probe_name(probed.size(), static_cast<std::size_t>(&field - decl.fields.data()));
      appended += detector(probe, field.name);
      appended += fmt::format("extern \"C\" __device__ const void* {0}_at = {0}<{1}>::at({2});\n", probe,
                              global(decl.name), object);
      expressions.push_back(fmt::format("&{}<{}<{}>::type>", kField, probe, global(decl.name)));
    }
    probed.push_back(&decl);
  }
  const NvrtcCompilation compiled =
      compile_with_names(path, appended, expressions, std::string(ir::kCheckArchitecture), cache);
  if (compiled.status != NvrtcCompilation::Status::compiled) return {};

  std::vector<ir::CxxStruct> out;
  std::size_t next = 0;
  for (std::size_t i = 0; i < probed.size(); ++i) {
    const ir::StructDecl& decl = *probed[i];
    ir::CxxStruct& cxx = out.emplace_back();
    cxx.name = decl.name;
    for (std::size_t f = 0; f < decl.fields.size(); ++f) {
      ir::CxxField& got = cxx.fields.emplace_back();
      got.name = decl.fields[f].name;
      const auto lowered = compiled.code.lowered_names.find(expressions[next++]);
      if (lowered == compiled.code.lowered_names.end()) continue;
      const std::optional<std::vector<std::string>> type = demangle_template_args(lowered->second, kField);
      const std::optional<std::uint64_t> offset =
          ptx_offset(compiled.code.image, probe_name(i, f) + "_at", object_name(i));
      if (!type || type->size() != 1 || (*type)[0] == "void" || !offset) continue;  // no such field
      apply_cxx_type(got.type, (*type)[0]);
      got.offset = *offset;
    }
  }
  return out;
}

}  // namespace graphc::modules
