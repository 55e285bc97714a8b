// Fuzz target: the whole check pipeline on one input, read both as text and as YAML:
// parse, load imports, validate, and for a valid module every back end: C++ (its
// documented refusals, std::runtime_error, are fine; anything else is a bug), DOT, and
// the text and YAML forms.
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "backend/cpp/emit_cpp.h"
#include "backend/dot/emit_dot.h"
#include "backend/text/emit_text.h"
#include "backend/yaml/emit_yaml.h"
#include "compile.h"
#include "diag/render.h"

namespace {

void check(const std::string& path, const std::string& text) {
  const auto c = graphc::compile_text(path, text);
  graphc::render_all(c->sources, c->diags.sorted(), graphc::RenderOptions{});
  if (!c->ok()) return;
  try {
    graphc::backend::emit_cpp(c->module, c->sources, path);
  } catch (const std::runtime_error&) {
    // A name or path the C++ back end refuses to spell, with a message (graphc compile prints it).
  }
  graphc::backend::emit_dot(c->module);
  graphc::backend::emit_text(c->module, graphc::FileId{0});
  graphc::backend::emit_yaml(c->module, graphc::FileId{0});
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  check("fuzz.graph", text);
  check("fuzz.yaml", text);
  return 0;
}
