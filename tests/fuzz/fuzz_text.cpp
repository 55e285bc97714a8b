// Fuzz target: the text front end (grammar, parse tree, IR builders, diagnostics
// rendering), and graphc fmt on whatever parses: its layout must read back as the same
// tokens (format_text checks), parse again, and be a fixed point.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "diag/render.h"
#include "format/format_text.h"
#include "frontend/text/parse_text.h"

namespace {

bool parses(const std::string& text) {
  graphc::SourceManager sources;
  graphc::DiagEngine diags;
  const graphc::FileId file = sources.add("fuzz.graph", text);
  graphc::frontend::parse_text(sources, file, diags);
  graphc::render_all(sources, diags.sorted(), graphc::RenderOptions{});
  return !diags.has_errors();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  if (!parses(text)) return 0;
  const std::string once = graphc::format::format_text(text);
  if (!parses(once) || graphc::format::format_text(once) != once) std::abort();
  return 0;
}
