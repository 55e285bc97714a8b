// Fuzz target: the YAML front end (yaml-cpp, the document walk, scalars read with the
// text grammar's fragments) and the rendering of its diagnostics.
#include <cstddef>
#include <cstdint>
#include <string>

#include "diag/render.h"
#include "frontend/yaml/parse_yaml.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  graphc::SourceManager sources;
  graphc::DiagEngine diags;
  const graphc::FileId file = sources.add("fuzz.yaml", std::string(reinterpret_cast<const char*>(data), size));
  graphc::frontend::parse_yaml(sources, file, diags);
  graphc::render_all(sources, diags.sorted(), graphc::RenderOptions{});
  return 0;
}
