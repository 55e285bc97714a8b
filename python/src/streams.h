// The cudaStream_t a Python stream object names (streams.cpp).
#pragma once

#include <cstdint>

#include <pybind11/pybind11.h>

namespace graphc::python {

/// The cudaStream_t, as an integer, of `stream`: an int as it is; None: PyTorch's current
/// stream of its current device where torch is imported and has initialised CUDA, else 0
/// (the legacy default stream); an object with .cuda_stream (torch.cuda.Stream),
/// __cuda_stream__ (a (version, handle) pair: the CUDA stream protocol) or .ptr
/// (cupy.cuda.Stream). Throws pybind11::type_error (TypeError) for anything else, a bool
/// included. Holds the GIL.
std::uintptr_t stream_handle(pybind11::handle stream);

}  // namespace graphc::python
