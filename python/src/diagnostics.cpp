// graphc::DiagnosticInfo as graphc.Diagnostic, and graphc::Error raised as graphc.Error (the
// Python class of graphc/_error.py), its structured fields on it.
#include <exception>
#include <string>

#include <fmt/format.h>
#include <pybind11/stl.h>

#include "graphc/diagnostic_info.h"
#include "graphc/error.h"
#include "module.h"

namespace py = pybind11;

namespace graphc::python {
namespace {

std::string where(const std::string& file, int line, int column) {
  return file.empty() ? std::string("(no place)") : fmt::format("{}:{}:{}", file, line, column);
}

}  // namespace

void add_diagnostics(py::module_& m) {
  py::class_<DiagnosticNoteInfo>(m, "DiagnosticNote",
                                 "A note of a diagnostic: where the other party is (the earlier declaration, the "
                                 "edge). file is None and line and column 0 when it has no place.")
      .def_property_readonly(
          "file", [](const DiagnosticNoteInfo& n) { return n.file.empty() ? py::object(py::none()) : py::str(n.file); })
      .def_readonly("line", &DiagnosticNoteInfo::line, "1-based line")
      .def_readonly("column", &DiagnosticNoteInfo::column, "1-based column, in bytes")
      .def_readonly("message", &DiagnosticNoteInfo::message)
      .def("__repr__", [](const DiagnosticNoteInfo& n) {
        return fmt::format("<graphc.DiagnosticNote at {}: {}>", where(n.file, n.line, n.column), n.message);
      });

  py::class_<DiagnosticInfo>(m, "Diagnostic",
                             "One diagnostic as `graphc check` prints it: `file:line:col: severity[CODE]: message`, "
                             "the source line with a caret, then the notes. str() is that text.")
      .def_readonly("code", &DiagnosticInfo::code, "the stable code, 'E0102', 'W0303'")
      .def_readonly("severity", &DiagnosticInfo::severity, "'error' or 'warning'")
      .def_property_readonly(
          "file", [](const DiagnosticInfo& d) { return d.file.empty() ? py::object(py::none()) : py::str(d.file); },
          "the file as it was named to graphc; None when the diagnostic has no place (a file that cannot be read)")
      .def_readonly("line", &DiagnosticInfo::line, "1-based line; 0 without a place")
      .def_readonly("column", &DiagnosticInfo::column, "1-based column, in bytes; 0 without a place")
      .def_readonly("end_line", &DiagnosticInfo::end_line, "the line of the last byte the caret marks")
      .def_readonly("end_column", &DiagnosticInfo::end_column, "the column of the last byte the caret marks")
      .def_readonly("message", &DiagnosticInfo::message)
      .def_readonly("notes", &DiagnosticInfo::notes, "list of DiagnosticNote")
      .def_readonly("text", &DiagnosticInfo::text, "the rendered text, as `graphc check` prints it (no colour)")
      .def("__str__", [](const DiagnosticInfo& d) { return d.text; })
      .def("__repr__", [](const DiagnosticInfo& d) {
        return fmt::format("<graphc.Diagnostic {} {} at {}: {}>", d.severity, d.code, where(d.file, d.line, d.column),
                           d.message);
      });

  // graphc::Error (and any other exception the runtime lets out) as graphc.Error, whose
  // text is what() and whose fields are the structured ones.
  py::register_exception_translator([](std::exception_ptr thrown) {
    if (!thrown) return;
    try {
      std::rethrow_exception(thrown);
    } catch (const Error& e) {
      const py::object error_class = py::module_::import("graphc._error").attr("Error");
      PyErr_SetObject(error_class.ptr(), error_class(e.what(), e.code(), py::cast(e.diagnostics())).ptr());
    }
  });
}

}  // namespace graphc::python
