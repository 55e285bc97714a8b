// A capture function written in Python, as the runtime's CaptureFn (capture.cpp).
#pragma once

#include <pybind11/pybind11.h>

#include "graphc/capture_args.h"

namespace graphc::python {

/// The CaptureFn that calls `wrapper(stream, node, location, arguments)` under the GIL:
/// stream the capturing cudaStream_t as an int, node its name, location its `file:line:col`,
/// arguments a list of numbers (values; a tuple of lanes for a vector type) and of
/// (address, elements, type, component, lanes, typestr) tuples (buffers). What the wrapper raises
/// becomes R0041 naming the node.
CaptureFn python_capture(pybind11::function wrapper);

}  // namespace graphc::python
