// graphc's Python module (_graphc), one file per concept: the diagnostics and the error
// (diagnostics.cpp), the load options and the program (program.cpp), the instance
// (instance.cpp, capture.cpp), the variants (variants.cpp), its profile (profile.cpp), DLPack (dlpack.cpp), the CLI's
// verbs (compile.cpp, verbs.cpp), streams (streams.cpp).
#pragma once

#include <pybind11/pybind11.h>

namespace graphc::python {

/// graphc.Diagnostic, graphc.DiagnosticNote, and graphc::Error raised as graphc.Error.
void add_diagnostics(pybind11::module_& m);
/// graphc.LoadOptions, graphc.Program and check.
void add_program(pybind11::module_& m);
/// graphc.BufferDecl and the instance: instantiate with arrays checked against their
/// buffers and Python capture functions, launch, synchronize, set, bind, enable, reload,
/// add_to_capture, profile, a buffer's memory.
void add_instance(pybind11::module_& m);
/// _stream_handle: the cudaStream_t a stream object names.
void add_streams(pybind11::module_& m);
/// graphc.Variants and graphc.VariantInstances: a file's variant dimension, one graph's
/// variants over shared buffers, each handed out as an instance (graphc/variants.h).
void add_variants(pybind11::module_& m);
/// graphc.MemoryUse and graphc.GraphMemoryPool (Instance.memory(), graph_memory_pool(),
/// trim_graph_memory()) and handed_off_execs().
void add_memory(pybind11::module_& m);
/// graphc.Profile and graphc.NodeRun (Instance.profile).
void add_profile(pybind11::module_& m);
/// DLPack: an array's __dlpack__ capsule read for binding, a buffer's memory given out as one.
void add_dlpack(pybind11::module_& m);
/// graphc fmt's, convert's and dot's text.
void add_verbs(pybind11::module_& m);
/// graphc compile's C++ for a file (graphc.compile writes it).
void add_compile(pybind11::module_& m);

}  // namespace graphc::python
