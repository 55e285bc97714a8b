// The CLI's other verbs for build scripts, each giving back the text the CLI prints:
// `graphc fmt` (format/format_text.h), `graphc convert` (the other form, text or YAML) and
// `graphc dot` (Graphviz). A file with errors raises graphc.Error as Program::load does.
#include <optional>
#include <string>

#include <pybind11/stl.h>

#include "backend/dot/emit_dot.h"
#include "backend/text/emit_text.h"
#include "backend/yaml/emit_yaml.h"
#include "compile.h"
#include "format/format_text.h"
#include "frontend/text/parse_text.h"
#include "graphc/introspect.h"
#include "graphc/program.h"
#include "graphc/runtime_error.h"
#include "module.h"
#include "program/diagnostic_infos.h"
#include "program/load_program.h"

namespace py = pybind11;

namespace graphc::python {

void add_verbs(py::module_& m) {
  m.def(
      "_format_text",
      [](const std::string& path, const std::string& text) {
        // As graphc fmt: the text is laid out only when it parses.
        SourceManager sources;
        DiagEngine diags;
        const FileId file = sources.add(path, text);
        frontend::parse_text(sources, file, diags);
        if (diags.has_errors()) detail::throw_diagnostics(sources, diags.sorted());
        return format::format_text(text);
      },
      py::arg("path"), py::arg("text"), py::call_guard<py::gil_scoped_release>(),
      "graphc fmt's layout of text, reported under path");
  m.def(
      "_convert",
      [](const std::string& path, const LoadOptions& options, bool to_yaml) {
        // As graphc convert: unoptimised (the other form says every edge this one says) and
        // without reading the modules (no NVRTC), which a syntax translation does not need.
        CompileOptions compile = detail::compile_options(options);
        compile.optimize = false;
        compile.check_modules = false;
        const auto compilation = compile_file(path, compile);
        if (!compilation->ok()) detail::throw_diagnostics(compilation->sources, compilation->diags.sorted());
        const FileId input{0};  // the file itself; its imports keep their own form
        return to_yaml ? backend::emit_yaml(compilation->module, input)
                       : backend::emit_text(compilation->module, input);
      },
      py::arg("path"), py::arg("options"), py::arg("to_yaml"), py::call_guard<py::gil_scoped_release>(),
      "graphc convert's text of the file in the other form (to_yaml: YAML, else .graph text)");
  m.def(
      "_dot",
      [](const std::string& path, const LoadOptions& options, const std::optional<std::string>& graph) {
        const Program program = Program::load(path, options);
        const ir::Module& module = ir_of(program);
        if (!graph) return backend::emit_dot(module);
        const std::optional<ir::GraphId> id = module.find_graph(*graph);
        if (!id) throw_error<RuntimeCode::no_such_graph>("", module.path, *graph);
        return backend::emit_dot(module.graph(*id));
      },
      py::arg("path"), py::arg("options"), py::arg("graph"), py::call_guard<py::gil_scoped_release>(),
      "graphc dot's Graphviz text of the file's graphs, or of one");
}

}  // namespace graphc::python
