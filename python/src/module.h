// graphc's Python module (_graphc), one file per concept: the diagnostics and the error
// (diagnostics.cpp), the load options and the program (program.cpp).
#pragma once

#include <pybind11/pybind11.h>

namespace graphc::python {

/// graphc.Diagnostic, graphc.DiagnosticNote, and graphc::Error raised as graphc.Error.
void add_diagnostics(pybind11::module_& m);
/// graphc.LoadOptions, graphc.Program and check.
void add_program(pybind11::module_& m);
/// graphc.BufferDecl and the instance: instantiate with arrays checked against their
/// buffers, launch, synchronize, set, a buffer's memory.
void add_instance(pybind11::module_& m);
/// graphc compile's C++ for a file (graphc.compile writes it).
void add_compile(pybind11::module_& m);

}  // namespace graphc::python
