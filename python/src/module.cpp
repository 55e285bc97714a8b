#include "module.h"

PYBIND11_MODULE(_graphc, m) {
  m.doc() = "graphc's C++ runtime, bound for Python: import graphc, not this module.";
  graphc::python::add_diagnostics(m);
  graphc::python::add_program(m);
  graphc::python::add_streams(m);
  graphc::python::add_memory(m);
  graphc::python::add_instance(m);
  graphc::python::add_variants(m);
  graphc::python::add_profile(m);
  graphc::python::add_dlpack(m);
  graphc::python::add_compile(m);
  graphc::python::add_verbs(m);
}
