// The cudaStream_t a Python stream object names, resolved in C++ because a launch pays for it
// every time: an int, None (PyTorch's current stream where PyTorch is imported and has
// initialised CUDA, else the legacy default stream), an object with .cuda_stream
// (torch.cuda.Stream), __cuda_stream__ (the CUDA stream protocol) or .ptr (CuPy).
#include <cstdint>
#include <string>

#include <pybind11/pybind11.h>

#include "module.h"
#include "streams.h"

namespace py = pybind11;

namespace graphc::python {
namespace {

/// PyTorch's calls for its current stream, found once torch is imported. Never destroyed:
/// a static's destructor would release Python objects after the interpreter has finalised.
struct TorchStreams {
  py::object is_initialized;  // torch.cuda.is_initialized
  py::object raw_stream;      // torch._C._cuda_getCurrentRawStream(device), as Triton reads it; None if absent
  py::object current_device;  // torch._C._cuda_getDevice
  py::object current_stream;  // torch.cuda.current_stream, where the raw calls are absent
  bool initialized = false;   // once true, PyTorch's CUDA stays initialised
};

TorchStreams* torch_streams() {
  static TorchStreams* found = nullptr;
  if (found != nullptr) return found;
  PyObject* module = PyImport_GetModule(py::str("torch").ptr());  // not imported: nullptr, no error set
  if (module == nullptr) return nullptr;
  const auto torch = py::reinterpret_steal<py::object>(module);
  const py::object c = torch.attr("_C");
  found = new TorchStreams{torch.attr("cuda").attr("is_initialized"),
                           py::getattr(c, "_cuda_getCurrentRawStream", py::none()),
                           py::getattr(c, "_cuda_getDevice", py::none()), torch.attr("cuda").attr("current_stream")};
  return found;
}

std::uintptr_t handle_of(const py::handle value) { return value.cast<std::uintptr_t>(); }

std::uintptr_t torch_current_stream() {
  TorchStreams* torch = torch_streams();
  if (torch == nullptr) return 0;
  if (!torch->initialized) {
    if (!torch->is_initialized().cast<bool>()) return 0;  // its current stream is the default one
    torch->initialized = true;
  }
  if (!torch->raw_stream.is_none() && !torch->current_device.is_none()) {
    return handle_of(torch->raw_stream(torch->current_device()));
  }
  return handle_of(torch->current_stream().attr("cuda_stream"));
}

}  // namespace

std::uintptr_t stream_handle(const py::handle stream) {
  PyObject* object = stream.ptr();
  if (PyLong_CheckExact(object)) return handle_of(stream);
  if (object == Py_None) return torch_current_stream();
  if (py::hasattr(stream, "cuda_stream")) return handle_of(stream.attr("cuda_stream"));
  if (PyBool_Check(object)) throw py::type_error("a stream is an int, a stream object or None, not a bool");
  if (PyLong_Check(object)) return handle_of(stream);
  if (py::hasattr(stream, "__cuda_stream__")) return handle_of(stream.attr("__cuda_stream__")()[py::int_(1)]);
  if (py::hasattr(stream, "ptr")) return handle_of(stream.attr("ptr"));
  const py::handle type = py::type::handle_of(stream);
  throw py::type_error(type.attr("__module__").cast<std::string>() + "." +
                       type.attr("__qualname__").cast<std::string>() +
                       " is no CUDA stream: pass a torch.cuda.Stream, a cupy.cuda.Stream, an object with "
                       "__cuda_stream__, an int or None");
}

void add_streams(py::module_& m) {
  m.def("_stream_handle", &stream_handle, py::arg("stream"),
        "the cudaStream_t (an int) that a stream object, an int or None names: graphc._streams.stream_handle");
}

}  // namespace graphc::python
