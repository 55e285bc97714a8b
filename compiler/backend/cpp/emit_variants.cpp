#include "backend/cpp/emit_variants.h"

#include <fmt/format.h>

#include "backend/cpp/cpp_text.h"
#include "backend/cpp/emit_parts.h"

namespace graphc::backend {
namespace {

// The namespace of one variant of a graph's, relative to graphc::gen::<graph>: "B4".
std::string variant_space(const std::string& dimension, std::int64_t value) {
  return fmt::format("{}{}", dimension, value);
}

// "{1, 2, 4, 8}".
std::string listed(const std::vector<CppVariant>& variants) {
  std::vector<std::int64_t> values;
  for (const CppVariant& v : variants) values.push_back(v.value);
  return fmt::format("{{{}}}", fmt::join(values, ", "));
}

void write_declaration(CodeWriter& out, const ir::Graph& graph, const std::string& dimension,
                       const std::vector<CppVariant>& variants) {
  const std::string space = "graphc::gen::" + identifier(graph.name);
  const std::string largest = variant_space(dimension, variants.back().value);
  out.block("\nnamespace $space {\n\n", {{"space", space}});
  out.line(fmt::format("// Graph '{}' once per value of variant dimension {} in {}: variant V's code is",
                       escape(graph.name), dimension, listed(variants)));
  out.line(fmt::format("// namespace {}<V>. One Storage of the largest variant's buffers serves every variant, each",
                       dimension));
  out.line("// built and uploaded on its first use; launch(n) runs the smallest that holds n items (the");
  out.line("// caller pads its inputs). The variants share their buffers and their capture nodes'");
  out.line("// resources: one runs at a time. Move-only. Throws graphc::Error (R0078 past the largest");
  out.line("// value, R0001 naming the node when CUDA refuses).");
  out.line("class Variants {");
  out.line(" public:");
  {
    const Indented body(out);
    out.line(fmt::format("static constexpr std::array<std::int64_t, {}> values{};", variants.size(), listed(variants)));
    out.blank();
    out.line("// Allocates the largest variant's buffers (its Storage); builds no variant yet.");
    out.line("explicit Variants(cudaStream_t stream = nullptr);");
    out.line("// The same, after `configure(bindings)` sets what a Storage cannot (host functions,");
    out.line("// capture functions, the caller's memory for some buffers), for every variant.");
    out.line("template <class Configure>");
    out.line(fmt::format("  requires std::invocable<Configure&, {}::Bindings&>", largest));
    out.line("explicit Variants(Configure&& configure, cudaStream_t stream = nullptr)");
    out.line(fmt::format(
        "    : storage_(std::make_shared<{}::Storage>()), bindings_(storage_->bindings()), stream_(stream) {{",
        largest));
    out.line("  configure(bindings_);");
    out.line("}");
    out.blank();
    out.line("// The smallest value that holds `n` items; R0078 past the largest value or below 1.");
    out.line("static std::int64_t holding(std::int64_t n);");
    out.line(fmt::format("// Variant V's Graph ({}<V>::Graph), built on its first use.", dimension));
    out.line("template <std::int64_t V>");
    out.line("auto& variant() {");
    for (std::size_t i = 0; i < variants.size(); ++i) {
      const std::string v = variant_space(dimension, variants[i].value);
      out.line(fmt::format("  {}if constexpr (V == {}) {{", i == 0 ? "" : "} else ", variants[i].value));
      out.line(fmt::format("    if (!{0}_) {0}_.emplace({1}::Bindings::from(bindings_), stream_);", "variant_" + v, v));
      out.line(fmt::format("    return *{}_;", "variant_" + v));
    }
    out.line("  } else {");
    out.line(fmt::format("    static_assert(V == values[0], \"graphc: no variant of {} has this value\");", dimension));
    out.line("  }");
    out.line("}");
    out.line("// cudaGraphLaunch of the variant that holds `n` items, built first if need be.");
    out.line("void launch(std::int64_t n, cudaStream_t stream);");
    out.line(fmt::format("// Hands variant V's exec to the caller ({}<V>::Graph::release, built first if need be), who",
                         dimension));
    out.line("// launches it and destroys it with cudaGraphExecDestroy. The shared Storage stays alive until");
    out.line("// CUDA destroys that exec, however long these Variants last; the exec still shares the buffers");
    out.line("// with the other variants (one runs at a time). Variant V is built anew on its next use.");
    out.line("template <std::int64_t V>");
    out.line("cudaGraphExec_t release() {");
    out.line("  variant<V>();");
    for (std::size_t i = 0; i < variants.size(); ++i) {
      const std::string v = variant_space(dimension, variants[i].value);
      out.line(fmt::format("  {}if constexpr (V == {}) {{", i == 0 ? "" : "} else ", variants[i].value));
      out.line(fmt::format("    return hand_off({}_);", "variant_" + v));
    }
    out.line("  }");
    out.line("}");
    out.line("// The shared buffers, as the largest variant binds them.");
    out.line(fmt::format("const {}::Bindings& bindings() const {{ return bindings_; }}", largest));
  }
  out.blank();
  out.line(" private:");
  {
    const Indented body(out);
    out.line("// variant->release(), the shared Storage kept with the exec; the variant is gone.");
    out.line("template <class Graph>");
    out.line("cudaGraphExec_t hand_off(std::optional<Graph>& variant) {");
    out.line("  const cudaGraphExec_t exec = variant->release(storage_);");
    out.line("  variant.reset();");
    out.line("  return exec;");
    out.line("}");
    out.blank();
    out.line(fmt::format("std::shared_ptr<{}::Storage> storage_;  // shared with the execs handed away", largest));
    out.line(fmt::format("{}::Bindings bindings_;", largest));
    out.line("cudaStream_t stream_ = nullptr;  // the constructor's, where each variant is uploaded");
    for (const CppVariant& v : variants) {
      const std::string name = variant_space(dimension, v.value);
      out.line(fmt::format("std::optional<{}::Graph> {}_;", name, "variant_" + name));
    }
  }
  out.line("};");
  out.block("\n}  // namespace $space", {{"space", space}});
}

void write_definition(CodeWriter& out, const ir::Graph& graph, const std::string& dimension,
                      const std::vector<CppVariant>& variants, const std::string& path) {
  const std::string space = "graphc::gen::" + identifier(graph.name);
  const std::string largest = variant_space(dimension, variants.back().value);
  out.block("\nnamespace $space {\n\n", {{"space", space}});
  out.line("Variants::Variants(cudaStream_t stream)");
  out.line(fmt::format(
      "    : storage_(std::make_shared<{}::Storage>()), bindings_(storage_->bindings()), stream_(stream) {{}}",
      largest));
  out.blank();
  out.line("std::int64_t Variants::holding(std::int64_t n) {");
  out.line("  for (const std::int64_t value : values) {");
  out.line("    if (n >= 1 && n <= value) return value;");
  out.line("  }");
  out.line(fmt::format(
      "  graphc::throw_error<graphc::RuntimeCode::variant_too_small>(\"\", n, {}, {}, {}, n, values.back());",
      string_literal(dimension), string_literal(path), string_literal(listed(variants))));
  out.line("}");
  out.blank();
  out.line("void Variants::launch(std::int64_t n, cudaStream_t stream) {");
  out.line("  switch (holding(n)) {");
  for (const CppVariant& v : variants) {
    out.line(fmt::format("    case {}: variant<{}>().launch(stream); return;", v.value, v.value));
  }
  out.line("  }");
  out.line("}");
  out.block("\n}  // namespace $space", {{"space", space}});
}

}  // namespace

void emit_variants(CodeWriter& header, CodeWriter& source, const std::string& dimension,
                   const std::vector<CppVariant>& variants) {
  const ir::Module& module = *variants.back().module;
  for (const ir::Graph& graph : module.graphs) {
    if (!owns_storage(graph)) continue;
    write_declaration(header, graph, dimension, variants);
    write_definition(source, graph, dimension, variants, module.path);
  }
}

}  // namespace graphc::backend
