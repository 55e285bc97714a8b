// graphc::Variants and graphc::VariantInstances for Python (graphc.load_variants): a file with
// a variant dimension loaded once per value, and one graph's instances over shared buffers,
// each variant built on first use and handed out as a graphc.Instance that borrows it.
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include <pybind11/stl.h>

#include "graphc/variants.h"
#include "module.h"
#include "py_instance.h"

namespace py = pybind11;

namespace graphc::python {
namespace {

/// A VariantInstances and the Variants it was made from (which Python keeps alive as long
/// as this), so that each variant it hands out knows its Program; and per value the lease
/// of the graphc.Instance objects that borrow the variant, ended when its exec is handed away.
struct PyVariantInstances {
  Variants* variants;
  VariantInstances instances;
  std::map<std::int64_t, std::shared_ptr<const void>> leases;

  PyInstance borrow(std::int64_t value, std::uintptr_t stream) {
    Instance* instance = nullptr;
    {
      const py::gil_scoped_release unlocked;
      instance = &instances.variant(value, stream_of(stream));
    }
    std::shared_ptr<const void>& lease = leases[value];
    if (lease == nullptr) lease = std::make_shared<const bool>(true);
    return PyInstance(variants->program(value), instance, lease);
  }

  std::uintptr_t release(std::int64_t value, std::uintptr_t stream) {
    cudaGraphExec_t exec = nullptr;
    {
      const py::gil_scoped_release unlocked;
      exec = instances.release(value, stream_of(stream));
    }
    leases.erase(value);
    return reinterpret_cast<std::uintptr_t>(exec);
  }
};

}  // namespace

void add_variants(py::module_& m) {
  py::class_<Variants>(m, "_Variants")
      .def_static("_load", &Variants::load, py::arg("path"), py::arg("options"),
                  py::call_guard<py::gil_scoped_release>())
      .def_property_readonly("dimension", &Variants::dimension)
      .def_property_readonly("values", &Variants::values)
      .def("holding", &Variants::holding, py::arg("n"))
      .def("program", &Variants::program, py::arg("value"), py::return_value_policy::reference_internal);

  m.def(
      "_instantiate_variants",
      [](Variants& variants, const std::string& graph, const std::vector<std::tuple<std::string, ArrayView>>& arrays,
         const std::vector<std::tuple<std::string, py::function>>& captures, int device) {
        const Bindings bindings =
            bind_arrays(variants.program(variants.values().back()), graph, arrays, captures, device);
        const py::gil_scoped_release unlocked;
        return PyVariantInstances{&variants, variants.instantiate(graph, bindings)};
      },
      py::arg("variants"), py::arg("graph"), py::arg("arrays"), py::arg("captures"), py::arg("device"),
      py::keep_alive<0, 1>());

  py::class_<PyVariantInstances>(m, "_VariantInstances")
      .def("variant", &PyVariantInstances::borrow, py::arg("value"), py::arg("stream"), py::keep_alive<0, 1>())
      .def(
          "holding",
          [](PyVariantInstances& v, std::int64_t n, std::uintptr_t stream) {
            return v.borrow(v.variants->holding(n), stream);
          },
          py::arg("n"), py::arg("stream"), py::keep_alive<0, 1>())
      .def(
          "launch",
          [](PyVariantInstances& v, std::int64_t n, std::uintptr_t stream) {
            v.instances.launch(n, stream_of(stream));
          },
          py::arg("n"), py::arg("stream"), py::call_guard<py::gil_scoped_release>())
      .def(
          "instantiate",
          [](PyVariantInstances& v, const std::vector<std::int64_t>& values, std::uintptr_t stream) {
            v.instances.instantiate(values, stream_of(stream));
          },
          py::arg("values"), py::arg("stream"), py::call_guard<py::gil_scoped_release>())
      .def("instantiated", [](const PyVariantInstances& v) { return v.instances.instantiated(); })
      .def("release", &PyVariantInstances::release, py::arg("value"), py::arg("stream"))
      .def("buffer_pointer",
           [](const PyVariantInstances& v, const std::string& name) {
             return reinterpret_cast<std::uintptr_t>(v.instances.buffer(name));
           })
      .def("buffer_bytes",
           [](const PyVariantInstances& v, const std::string& name) { return v.instances.buffer_bytes(name); })
      .def("memory", [](const PyVariantInstances& v) { return v.instances.memory(); });
}

}  // namespace graphc::python
