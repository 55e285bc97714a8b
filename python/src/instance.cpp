// graphc::Instance for Python (launch, set, bind, enable, reload, add_to_capture, profile),
// and the checks of an array (its __dlpack__, __cuda_array_interface__ or
// __array_interface__, read by graphc/_arrays.py) against the buffer it is bound to: element
// type, element count and contiguity first (R0076: no CUDA call needed), then where its
// memory is (R0077: cudaPointerGetAttributes), each error at the buffer's declaration.
#include <cuda_runtime_api.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <numeric>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include <fmt/format.h>
#include <pybind11/stl.h>

#include "arrays.h"
#include "capture.h"
#include "graphc/check_cuda.h"
#include "graphc/introspect.h"
#include "graphc/program.h"
#include "graphc/runtime_error.h"
#include "ir/graph.h"
#include "module.h"
#include "profile/profile_report.h"
#include "py_instance.h"
#include "source/source.h"
#include "streams.h"

namespace py = pybind11;

namespace graphc::python {

std::string typestr_of(ScalarType component) {
  switch (component) {
    case ScalarType::i8: return "|i1";
    case ScalarType::i16: return "<i2";
    case ScalarType::i32: return "<i4";
    case ScalarType::i64: return "<i8";
    case ScalarType::u8: return "|u1";
    case ScalarType::u16: return "<u2";
    case ScalarType::u32: return "<u4";
    case ScalarType::u64: return "<u8";
    case ScalarType::f16: return "<f2";
    case ScalarType::f32: return "<f4";
    case ScalarType::f64: return "<f8";
    case ScalarType::c8: return "|i1";
    default: return "";
  }
}

namespace {

const ir::Graph& graph_named(const Program& program, const std::string& name) {
  const ir::Module& module = ir_of(program);
  const std::optional<ir::GraphId> id = module.find_graph(name);
  if (!id) throw_error<RuntimeCode::no_such_graph>("", module.path, name);
  return module.graph(*id);
}

BufferDecl declaration(const Program& program, const ir::Buffer& b) {
  BufferDecl d;
  d.name = b.name;
  d.dtype = type_name(b.type);
  d.type = b.type;
  d.component = type_name(component_type(b.type));
  d.lanes = static_cast<int>(lanes(b.type));
  d.typestr = typestr_of(component_type(b.type));
  d.itemsize = static_cast<int>(type_size(b.type));
  if (b.three_d()) d.shape.push_back(b.depth_value);
  d.shape.push_back(b.count_value);
  if (b.two_d()) d.shape.push_back(b.width_value);
  d.elements = std::accumulate(d.shape.begin(), d.shape.end(), std::uint64_t{1}, std::multiplies<>());
  d.space = std::string(ir::space_name(b.space));
  d.device = b.device_value;
  d.bindable = !b.view && !b.alloc.valid();
  std::string dims;
  for (const std::uint64_t extent : d.shape) dims += fmt::format("[{}]", extent);
  d.declared = fmt::format("{}{} {}{}", d.dtype, dims, d.space,
                           d.device ? fmt::format(" device({})", *d.device) : std::string());
  d.location = sources_of(program).location(b.name_range);
  return d;
}

std::string shape_text(const std::vector<std::int64_t>& shape) {
  return shape.size() == 1 ? fmt::format("({},)", shape[0]) : fmt::format("({})", fmt::join(shape, ", "));
}

// R0076 unless `a` has the buffer's element type, element count and dense C-order layout.
void check_layout(const BufferDecl& d, const ArrayView& a) {
  const std::string& want = d.typestr;
  const auto same_type = [&](const std::string& t) {
    if (want.empty()) return t == d.component;                        // bf16: DLPack only
    return t.size() == want.size() && t.substr(1) == want.substr(1);  // '<', '|', '=' alike
  };
  if (!same_type(a.typestr)) {
    throw_error<RuntimeCode::array_mismatch>(
        d.location, d.name, d.declared, a.kind,
        want.empty() ? fmt::format("holds '{}', not {} (no array interface can describe {} elements: pass an "
                                   "array with __dlpack__, a torch.bfloat16 tensor)",
                                   a.typestr, d.component, d.component)
                     : fmt::format("holds '{}', not {} ('{}')", a.typestr, d.component, want));
  }
  const std::int64_t count = std::accumulate(a.shape.begin(), a.shape.end(), std::int64_t{1}, std::multiplies<>());
  const auto wanted = static_cast<std::int64_t>(d.elements) * d.lanes;
  if (count != wanted) {
    throw_error<RuntimeCode::array_mismatch>(d.location, d.name, d.declared, a.kind,
                                             fmt::format("has {} {} elements (shape {}), not {}", count, d.component,
                                                         shape_text(a.shape), wanted));
  }
  if (!a.strides.empty()) {
    std::int64_t expected = d.itemsize / d.lanes;
    for (std::size_t i = a.shape.size(); i-- > 0;) {
      if (a.shape[i] != 1 && a.strides[i] != expected) {
        throw_error<RuntimeCode::array_mismatch>(
            d.location, d.name, d.declared, a.kind,
            fmt::format("is not contiguous (strides {} bytes, shape {}): pass a contiguous copy", shape_text(a.strides),
                        shape_text(a.shape)));
      }
      expected *= a.shape[i];
    }
  }
}

// R0077 unless `a`'s memory is of the buffer's space, on `device` (the graph's).
void check_memory(const BufferDecl& d, const ArrayView& a, int device) {
  cudaPointerAttributes attributes{};
  const cudaError_t status = cudaPointerGetAttributes(&attributes, reinterpret_cast<const void*>(a.data));
  if (status != cudaSuccess) {
    cudaGetLastError();
    check_cuda(status, ("cudaPointerGetAttributes for buffer '" + d.name + "'").c_str());
  }
  const auto is = [&](const std::string& what) {
    throw_error<RuntimeCode::array_memory>(d.location, d.name, d.declared, a.kind, what);
  };
  const int want_device = d.device.value_or(device);
  switch (attributes.type) {
    case cudaMemoryTypeUnregistered:
      if (d.space != "pageable") is("pageable host memory (pin it: torch's pin_memory(), cudaHostRegister)");
      return;
    case cudaMemoryTypeHost:
      if (d.space != "host" && d.space != "pageable") is("pinned host memory");
      return;
    case cudaMemoryTypeManaged:
      if (d.space != "managed") is("managed memory");
      return;
    case cudaMemoryTypeDevice:
      if (d.space != "device") is(fmt::format("memory of device {}", attributes.device));
      if (attributes.device != want_device) {
        is(fmt::format("memory of device {}, and the graph puts the buffer on device {}", attributes.device,
                       want_device));
      }
      return;
  }
}

const char* reload_kind_name(ReloadResult::Kind kind) {
  switch (kind) {
    case ReloadResult::Kind::nodes_set: return "nodes_set";
    case ReloadResult::Kind::updated: return "updated";
    case ReloadResult::Kind::reinstantiated: return "reinstantiated";
  }
  return "";
}

const ir::Buffer& buffer_named(const ir::Graph& graph, const std::string& name) {
  const std::optional<ir::BufferId> id = graph.find_buffer(name);
  if (!id) throw_error<RuntimeCode::no_such_buffer>("", graph.name, name);
  return graph.buffer(*id);
}

}  // namespace

cudaStream_t stream_of(std::uintptr_t handle) { return reinterpret_cast<cudaStream_t>(handle); }

Bindings bind_arrays(const Program& program, const std::string& graph,
                     const std::vector<std::tuple<std::string, ArrayView>>& arrays,
                     const std::vector<std::tuple<std::string, py::function>>& captures, int device) {
  const ir::Graph& g = graph_named(program, graph);
  // Each array's layout first (no CUDA needed), then its memory, on the graph's device.
  std::vector<std::optional<BufferDecl>> decls;
  for (const auto& [name, array] : arrays) {
    const std::optional<ir::BufferId> id = g.find_buffer(name);  // none: instantiate's R0010
    decls.push_back(id ? std::optional(declaration(program, g.buffer(*id))) : std::nullopt);
    if (decls.back()) check_layout(*decls.back(), array);
  }
  if (device >= 0) check_cuda(cudaSetDevice(device), "cudaSetDevice");
  int current = 0;
  check_cuda(cudaGetDevice(&current), "cudaGetDevice");
  Bindings bindings;
  for (std::size_t i = 0; i < arrays.size(); ++i) {
    const auto& [name, array] = arrays[i];
    if (decls[i]) check_memory(*decls[i], array, current);
    const std::size_t bytes = decls[i] ? decls[i]->elements * static_cast<std::size_t>(decls[i]->itemsize) : 0;
    bindings.buffer(name, reinterpret_cast<void*>(array.data), bytes);
  }
  for (const auto& [name, wrapper] : captures) bindings.capture(name, python_capture(wrapper));
  return bindings;
}

void add_instance(py::module_& m) {
  m.def(
      "_device_count",
      [] {
        int count = 0;
        if (cudaGetDeviceCount(&count) != cudaSuccess) {
          cudaGetLastError();
          return 0;
        }
        return count;
      },
      "CUDA devices this process sees; 0 without a GPU or a driver (the tests' skip)");
  m.def(
      "_device_memory_used",
      [] {
        std::size_t free = 0;
        std::size_t total = 0;
        check_cuda(cudaMemGetInfo(&free, &total), "cudaMemGetInfo");
        return total - free;
      },
      "bytes of the current device in use, by every process (cudaMemGetInfo; the leak test)");

  py::class_<BufferDecl>(m, "BufferDecl", "A buffer as its graph declares it (Program.buffers).")
      .def_readonly("name", &BufferDecl::name)
      .def_readonly("dtype", &BufferDecl::dtype, "the element type, 'f32', 'float4'")
      .def_readonly("component", &BufferDecl::component, "a vector type's scalar ('f32' for float4)")
      .def_readonly("lanes", &BufferDecl::lanes)
      .def_readonly("itemsize", &BufferDecl::itemsize, "bytes an element")
      .def_property_readonly("shape", [](const BufferDecl& d) { return py::tuple(py::cast(d.shape)); })
      .def_readonly("elements", &BufferDecl::elements)
      .def_readonly("space", &BufferDecl::space, "'device', 'host' (pinned), 'managed' or 'pageable'")
      .def_readonly("device", &BufferDecl::device, "device(i), or None: the graph's device")
      .def_readonly("bindable", &BufferDecl::bindable, "False for a view or an alloc's memory")
      .def_readonly("declared", &BufferDecl::declared, "'f32[1024] device'")
      .def_readonly("location", &BufferDecl::location, "file:line:col of its name")
      .def_readonly("typestr", &BufferDecl::typestr,
                    "the array interface's type string of its component ('<f4'); '' where none exists (bf16)")
      .def("__repr__", [](const BufferDecl& d) {
        return fmt::format("<graphc.BufferDecl {} : {} at {}>", d.name, d.declared, d.location);
      });

  py::class_<ArrayView>(m, "_ArrayView")
      .def(py::init<std::string, std::string, std::vector<std::int64_t>, std::vector<std::int64_t>, std::uintptr_t,
                    bool>(),
           py::arg("kind"), py::arg("typestr"), py::arg("shape"), py::arg("strides"), py::arg("data"),
           py::arg("host_interface"))
      .def_readonly("kind", &ArrayView::kind)
      .def_readonly("typestr", &ArrayView::typestr)
      .def_readonly("shape", &ArrayView::shape)
      .def_readonly("strides", &ArrayView::strides, "bytes; [] for C order")
      .def_readonly("data", &ArrayView::data)
      .def_readonly("host_interface", &ArrayView::host_interface);

  m.def(
      "_buffers",
      [](const Program& program, const std::string& graph) {
        std::vector<BufferDecl> out;
        for (const ir::Buffer& b : graph_named(program, graph).buffers) out.push_back(declaration(program, b));
        return out;
      },
      py::arg("program"), py::arg("graph"));

  m.def(
      "_instantiate",
      [](Program& program, const std::string& graph, const std::vector<std::tuple<std::string, ArrayView>>& arrays,
         const std::vector<std::tuple<std::string, py::function>>& captures, int device, std::uintptr_t stream) {
        const Bindings bindings = bind_arrays(program, graph, arrays, captures, device);
        py::gil_scoped_release unlocked;
        return PyInstance(program, program.instantiate(graph, bindings, stream_of(stream)));
      },
      py::arg("program"), py::arg("graph"), py::arg("arrays"), py::arg("captures"), py::arg("device"),
      py::arg("stream"));

  py::class_<PyInstance>(m, "_Instance")
      .def(
          "launch",
          [](PyInstance& i, py::handle stream) {
            Instance& instance = i.get();
            const cudaStream_t handle = stream_of(stream_handle(stream));
            py::gil_scoped_release unlocked;
            instance.launch(handle);
          },
          py::arg("stream") = py::none(),
          "Launches the graph (cudaGraphLaunch) on `stream`: None is PyTorch's current stream when torch is "
          "imported and has initialised CUDA, else the legacy default stream; a torch.cuda.Stream, a "
          "cupy.cuda.Stream, an object with __cuda_stream__, or a cudaStream_t as an int. Returns at once; the GIL "
          "is released while CUDA is called.")
      .def("synchronize",
           [](PyInstance& i, std::uintptr_t stream, double timeout_s) {
             Instance& instance = i.get();
             py::gil_scoped_release unlocked;
             instance.synchronize(stream_of(stream), std::chrono::duration_cast<std::chrono::milliseconds>(
                                                         std::chrono::duration<double>(timeout_s)));
           })
      .def("set_from_text",
           [](PyInstance& i, const std::string& name, const std::string& text) { i.get().set_from_text(name, text); })
      .def("bind",
           [](PyInstance& i, const std::string& name, const ArrayView& array) {
             Instance& instance = i.get();
             const BufferDecl d = declaration(i.program(), buffer_named(ir_of(instance), name));
             check_layout(d, array);
             int device = 0;
             check_cuda(cudaGetDevice(&device), "cudaGetDevice");
             check_memory(d, array, device);
             instance.bind(name, reinterpret_cast<void*>(array.data),
                           d.elements * static_cast<std::size_t>(d.itemsize));
           })
      .def("enable", [](PyInstance& i, const std::string& name, bool enabled) { i.get().enable(name, enabled); })
      .def("enabled", [](PyInstance& i, const std::string& name) { return i.get().enabled(name); })
      .def("reload",
           [](PyInstance& i, std::uintptr_t stream) {
             Instance& instance = i.get();
             const py::gil_scoped_release unlocked;
             const ReloadResult result = instance.reload(stream_of(stream));
             return std::make_tuple(reload_kind_name(result.kind), result.reason, result.warnings, result.nodes_set);
           })
      .def("files", [](PyInstance& i) { return i.get().files(); })
      .def("add_to_capture", [](PyInstance& i, std::uintptr_t stream) { i.get().add_to_capture(stream_of(stream)); })
      .def("profile",
           [](PyInstance& i, std::uint32_t launches, std::uintptr_t stream) {
             Instance& instance = i.get();
             const py::gil_scoped_release unlocked;
             return instance.profile(launches, stream_of(stream));
           })
      .def("profile_report",
           [](PyInstance& i, const Profile& profile) {
             return profile::profile_report(ir_of(i.program()), ir_of(i.get()), profile);
           })
      .def("time_launches",
           [](PyInstance& i, std::uintptr_t stream, int launches, const std::string& param) {
             // The C++ runtime's own loop, the baseline of bench/python_launch.py: `launches`
             // launches (Instance::set(param, k) before launch k when param is named), then a
             // synchronize; seconds from the first launch to the end of the last.
             Instance& instance = i.get();
             const py::gil_scoped_release unlocked;
             const auto start = std::chrono::steady_clock::now();
             for (int k = 0; k < launches; ++k) {
               if (!param.empty()) instance.set(param, k);
               instance.launch(stream_of(stream));
             }
             instance.synchronize(stream_of(stream));
             return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
           })
      .def("buffer_pointer",
           [](PyInstance& i, const std::string& name) {
             return reinterpret_cast<std::uintptr_t>(i.get().buffer(name));
           })
      .def("buffer_bytes", [](PyInstance& i, const std::string& name) { return i.get().buffer_bytes(name); })
      .def("memory", [](PyInstance& i) { return i.get().memory(); })
      .def("release", &PyInstance::release)
      .def("close", &PyInstance::close)
      .def_property_readonly("closed", &PyInstance::closed);
}

}  // namespace graphc::python
