// Capture functions written in Python (Program.instantiate(captures=...)): graphc captures
// what the function launches on the stream it is given, as it does a C++ CaptureFn. The
// Python side (graphc/_capture.py) wraps the user's function; this calls that wrapper
// with the stream, the node and its arguments, holding the GIL (instantiate releases it).
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>

#include "arrays.h"
#include "capture.h"
#include "graphc/base/scalar_type.h"

namespace py = pybind11;

namespace graphc::python {
namespace {

template <class T>
T read(const std::byte* bytes) {
  T out;
  std::memcpy(&out, bytes, sizeof(T));
  return out;
}

// A scalar of type `type` at `bytes` as a Python int or float.
py::object scalar(ScalarType type, const std::byte* bytes) {
  switch (type) {
    case ScalarType::i8: return py::int_(read<std::int8_t>(bytes));
    case ScalarType::c8: return py::int_(read<char>(bytes));
    case ScalarType::i16: return py::int_(read<std::int16_t>(bytes));
    case ScalarType::i32: return py::int_(read<std::int32_t>(bytes));
    case ScalarType::i64: return py::int_(read<std::int64_t>(bytes));
    case ScalarType::u8: return py::int_(read<std::uint8_t>(bytes));
    case ScalarType::u16: return py::int_(read<std::uint16_t>(bytes));
    case ScalarType::u32: return py::int_(read<std::uint32_t>(bytes));
    case ScalarType::u64: return py::int_(read<std::uint64_t>(bytes));
    case ScalarType::f16: return py::float_(__half2float(read<__half>(bytes)));
    case ScalarType::bf16: return py::float_(__bfloat162float(read<__nv_bfloat16>(bytes)));
    case ScalarType::f32: return py::float_(read<float>(bytes));
    default: return py::float_(read<double>(bytes));  // f64
  }
}

// A value argument: a number, or a tuple of lanes for a vector type (float2, int2, ...).
py::object value(const CaptureArgs::Arg& arg) {
  const std::size_t count = lanes(arg.type);
  if (count == 1) return scalar(arg.type, arg.bytes.data());
  const ScalarType component = component_type(arg.type);
  py::tuple out(count);
  for (std::size_t k = 0; k < count; ++k) out[k] = scalar(component, arg.bytes.data() + k * type_size(component));
  return out;
}

}  // namespace

CaptureFn python_capture(py::function wrapper) {
  // Copies of a CaptureFn (the Instance keeps one, for captures again after Instance.set)
  // share the function without touching its reference count; the last one lets it go
  // under the GIL.
  const std::shared_ptr<py::function> held(new py::function(std::move(wrapper)), [](py::function* fn) {
    const py::gil_scoped_acquire gil;
    delete fn;
  });
  return [held](cudaStream_t stream, const CaptureArgs& args) {
    const py::gil_scoped_acquire gil;
    py::list arguments;
    for (std::size_t i = 0; i < args.size(); ++i) {
      const CaptureArgs::Arg& arg = args[i];
      if (arg.is_buffer) {
        // (address, elements to the buffer's end, element type, its component, lanes, the
        // component's array-interface type string)
        const ScalarType component = component_type(arg.type);
        arguments.append(py::make_tuple(reinterpret_cast<std::uintptr_t>(arg.pointer), arg.elements,
                                        std::string(type_name(arg.type)), std::string(type_name(component)),
                                        lanes(arg.type), typestr_of(component)));
      } else {
        arguments.append(value(arg));
      }
    }
    // A Python exception comes back as py::error_already_set, a std::exception: graphc's
    // capture turns it into R0041 naming the node, with Python's message.
    (*held)(reinterpret_cast<std::uintptr_t>(stream), args.node(), args.location(), arguments);
  };
}

}  // namespace graphc::python
