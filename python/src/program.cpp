// graphc::LoadOptions and graphc::Program for Python, and Program::check: the Python side
// (graphc/__init__.py) turns keyword arguments into LoadOptions and picks a path or a text.
// The GIL is released while the compiler runs (a .cu module's NVRTC compile included).
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <pybind11/stl.h>

#include "graphc/introspect.h"
#include "graphc/program.h"
#include "ir/graph.h"
#include "module.h"

namespace py = pybind11;

namespace graphc::python {

void add_program(py::module_& m) {
  py::class_<LoadOptions>(m, "LoadOptions", "How graphc compiles a file (graphc::LoadOptions): see graphc.load.")
      .def(py::init<>())
      .def_readwrite("optimize", &LoadOptions::optimize)
      .def_readwrite("races_are_errors", &LoadOptions::races_are_errors)
      .def_readwrite("warnings_are_errors", &LoadOptions::warnings_are_errors)
      .def_readwrite("possible_races", &LoadOptions::possible_races)
      .def_readwrite("world_size", &LoadOptions::world_size)
      .def_readwrite("world_sizes", &LoadOptions::world_sizes)
      .def_readwrite("defines", &LoadOptions::defines)
      .def_readwrite("variant", &LoadOptions::variant)
      .def_readwrite("tune_matmuls", &LoadOptions::tune_matmuls)
      .def_property(
          "variants",
          [](const LoadOptions& o) -> std::optional<std::pair<std::string, std::vector<std::int64_t>>> {
            if (!o.variants) return std::nullopt;
            return std::pair(o.variants->name, o.variants->values);
          },
          [](LoadOptions& o, const std::optional<std::pair<std::string, std::vector<std::int64_t>>>& given) {
            o.variants.reset();
            if (given) o.variants = LoadOptions::VariantValues{given->first, given->second};
          });

  m.def("_check_file", &Program::check, py::arg("path"), py::arg("options"), py::call_guard<py::gil_scoped_release>(),
        "Program::check: every diagnostic of the file at path");
  m.def("_check_text", &Program::check_text, py::arg("path"), py::arg("text"), py::arg("options"),
        py::call_guard<py::gil_scoped_release>(), "Program::check_text: every diagnostic of text, named path");

  py::class_<Program>(m, "Program", "A .graph or .yaml file loaded and validated (graphc::Program).")
      .def_static("_load", &Program::load, py::arg("path"), py::arg("options"),
                  py::call_guard<py::gil_scoped_release>())
      .def_static("_from_text", &Program::from_text, py::arg("path"), py::arg("text"), py::arg("options"),
                  py::call_guard<py::gil_scoped_release>())
      .def_property_readonly("warnings", &Program::diagnostics, py::return_value_policy::copy,
                             "the warnings of the load, a list of Diagnostic")
      .def_property_readonly(
          "graphs",
          [](const Program& program) {
            std::vector<std::string> names;
            for (const ir::Graph& graph : ir_of(program).graphs) names.push_back(graph.name);
            return names;
          },
          "the names of the file's graphs (and its imports'), in the order they are declared");
}

}  // namespace graphc::python
