// graphc compile from Python: the C++ that builds a file's graphs (NAME.graph.h and
// NAME.graph.cu), as `graphc compile` writes it, from the file loaded as Program::load loads
// it. graphc/__init__.py writes the files.
#include <memory>
#include <string>
#include <tuple>

#include <pybind11/stl.h>

#include "backend/cpp/cpp_support.h"
#include "backend/cpp/emit_cpp.h"
#include "graphc/introspect.h"
#include "graphc/program.h"
#include "module.h"
#include "program/diagnostic_infos.h"

namespace py = pybind11;

namespace graphc::python {

void add_compile(py::module_& m) {
  m.def(
      "_emit_cpp",
      [](const std::string& path, const LoadOptions& options, bool line_directives) {
        const Program program = Program::load(path, options);  // graphc::Error with the diagnostics
        DiagEngine unsupported;
        if (!backend::check_cpp_support(ir_of(program), unsupported)) {
          detail::throw_diagnostics(sources_of(program), unsupported.sorted());
        }
        const backend::CppFiles files = backend::emit_cpp(ir_of(program), sources_of(program), path,
                                                          backend::CppOptions{.line_directives = line_directives});
        return std::make_tuple(files.header_name, files.header, files.source_name, files.source);
      },
      py::arg("path"), py::arg("options"), py::arg("line_directives"), py::call_guard<py::gil_scoped_release>(),
      "graphc compile's two files: (header name, header, source name, source)");
}

}  // namespace graphc::python
