// DLPack both ways (dlpack/dlpack.h, the legacy "dltensor" capsule every producer and
// consumer speaks): an array's __dlpack__ capsule read as an ArrayView, for binding it to a
// buffer (the only way a torch.bfloat16 tensor describes itself), and a buffer's memory
// given out as a capsule, for torch.from_dlpack, cupy.from_dlpack and numpy.from_dlpack.
#include <dlpack/dlpack.h>

#include <cuda_runtime_api.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <pybind11/stl.h>

#include "arrays.h"
#include "graphc/base/scalar_type.h"
#include "ir/types.h"
#include "module.h"

namespace py = pybind11;

namespace graphc::python {
namespace {

constexpr const char* kCapsule = "dltensor";
constexpr const char* kUsedCapsule = "used_dltensor";

// NumPy's type string of a DLPack element type ("<f4"), or graphc's name where NumPy has none
// ("bf16"); "" for a type no buffer can hold (a vector of lanes, complex, ...).
std::string dl_typestr(DLDataType t) {
  if (t.lanes != 1) return "";
  const auto bytes = t.bits / 8;
  const char order = bytes == 1 ? '|' : '<';
  switch (t.code) {
    case kDLInt: return fmt::format("{}i{}", order, bytes);
    case kDLUInt: return fmt::format("{}u{}", order, bytes);
    case kDLFloat: return fmt::format("{}f{}", order, bytes);
    case kDLBfloat: return t.bits == 16 ? "bf16" : "";
    default: return "";
  }
}

// The DLPack type of a buffer's scalar component (`component`: graphc's name, "f32").
DLDataType dl_type_of(const std::string& component) {
  const ScalarType type = ir::parse_type(component).value();
  const auto bits = static_cast<std::uint8_t>(type_size(type) * 8);
  switch (type) {
    case ScalarType::f16:
    case ScalarType::f32:
    case ScalarType::f64: return {kDLFloat, bits, 1};
    case ScalarType::bf16: return {kDLBfloat, bits, 1};
    case ScalarType::u8:
    case ScalarType::u16:
    case ScalarType::u32:
    case ScalarType::u64: return {kDLUInt, bits, 1};
    default: return {kDLInt, bits, 1};  // i8 .. i64, c8
  }
}

// `capsule`'s tensor as an ArrayView; the capsule is consumed (renamed, its deleter called):
// the caller keeps the array itself alive, which owns the memory.
ArrayView view_of_capsule(const std::string& kind, const py::capsule& capsule) {
  if (std::string(capsule.name() ? capsule.name() : "") != kCapsule) {
    throw py::type_error(fmt::format("the {}'s __dlpack__() gave no '{}' capsule", kind, kCapsule));
  }
  auto* managed = capsule.get_pointer<DLManagedTensor>();
  const DLTensor& t = managed->dl_tensor;
  ArrayView view;
  view.kind = kind;
  view.typestr = dl_typestr(t.dtype);
  if (view.typestr.empty()) {
    view.typestr = fmt::format("DLPack type (code {}, {} bits, {} lanes)", t.dtype.code, t.dtype.bits, t.dtype.lanes);
  }
  view.shape.assign(t.shape, t.shape + t.ndim);
  if (t.strides != nullptr) {
    const auto itemsize = static_cast<std::int64_t>(t.dtype.bits / 8 * t.dtype.lanes);
    for (int i = 0; i < t.ndim; ++i) view.strides.push_back(t.strides[i] * itemsize);
  }
  view.data = reinterpret_cast<std::uintptr_t>(t.data) + t.byte_offset;
  view.host_interface = t.device.device_type == kDLCPU || t.device.device_type == kDLCUDAHost;
  if (PyCapsule_SetName(capsule.ptr(), kUsedCapsule) != 0) throw py::error_already_set();
  if (managed->deleter != nullptr) managed->deleter(managed);
  return view;
}

/// A DLManagedTensor over memory that `owner` (a Python object) keeps alive.
struct Exported {
  DLManagedTensor managed{};
  std::vector<std::int64_t> shape;
  PyObject* owner = nullptr;
};

void delete_exported(DLManagedTensor* managed) {
  auto* exported = static_cast<Exported*>(managed->manager_ctx);
  const py::gil_scoped_acquire gil;  // a consumer may free it from any thread
  Py_XDECREF(exported->owner);
  delete exported;
}

// A capsule no consumer took is freed with it.
void delete_unused_capsule(PyObject* capsule) {
  if (PyCapsule_IsValid(capsule, kCapsule) == 0) return;  // consumed: the consumer calls the deleter
  auto* managed = static_cast<DLManagedTensor*>(PyCapsule_GetPointer(capsule, kCapsule));
  managed->deleter(managed);
}

// The DLPack device of `pointer`: CUDA memory of its device, or the CPU for host memory
// (pinned or pageable: numpy.from_dlpack and torch read it as CPU memory).
std::pair<int, int> device_of(std::uintptr_t pointer) {
  cudaPointerAttributes attributes{};
  if (cudaPointerGetAttributes(&attributes, reinterpret_cast<const void*>(pointer)) != cudaSuccess) {
    cudaGetLastError();
    return {kDLCPU, 0};
  }
  if (attributes.type == cudaMemoryTypeDevice || attributes.type == cudaMemoryTypeManaged) {
    return {kDLCUDA, attributes.device};
  }
  return {kDLCPU, 0};
}

}  // namespace

void add_dlpack(py::module_& m) {
  m.def("_dlpack_view", &view_of_capsule, py::arg("kind"), py::arg("capsule"),
        "an array's __dlpack__() capsule as the _ArrayView the buffer checks read (consumes it)");
  m.def("_dlpack_device", &device_of, py::arg("pointer"),
        "(DLDeviceType, device id) of memory at pointer: (2, d) for a CUDA device's, (1, 0) for host memory");
  m.def(
      "_dlpack_capsule",
      [](py::object owner, std::uintptr_t pointer, const std::string& component, std::vector<std::int64_t> shape) {
        auto* exported = new Exported{};
        exported->shape = std::move(shape);
        exported->owner = owner.release().ptr();
        DLTensor& t = exported->managed.dl_tensor;
        t.data = reinterpret_cast<void*>(pointer);
        const auto [type, id] = device_of(pointer);
        t.device = {static_cast<DLDeviceType>(type), id};
        t.ndim = static_cast<int>(exported->shape.size());
        t.dtype = dl_type_of(component);
        t.shape = exported->shape.data();
        t.strides = nullptr;  // dense, C order
        t.byte_offset = 0;
        exported->managed.manager_ctx = exported;
        exported->managed.deleter = delete_exported;
        return py::capsule(&exported->managed, kCapsule, &delete_unused_capsule);
      },
      py::arg("owner"), py::arg("pointer"), py::arg("component"), py::arg("shape"),
      "a 'dltensor' capsule of shape (dense, C order) over memory at pointer that owner keeps alive");
}

}  // namespace graphc::python
