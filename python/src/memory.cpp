// graphc::MemoryUse and the graph-memory pool for Python (Instance.memory(),
// VariantInstances.memory(), graphc.graph_memory_pool(), graphc.trim_graph_memory()), and
// graphc.handed_off_execs() for execs handed away with Instance.release(). Bytes throughout.
#include <string>

#include <fmt/format.h>

#include "graphc/exec_keeper.h"
#include "graphc/memory_use.h"
#include "module.h"

namespace py = pybind11;

namespace graphc::python {

void add_memory(py::module_& m) {
  py::class_<MemoryUse>(m, "MemoryUse",
                        "What an instance (or a graph's variants) holds in memory, in bytes (graphc::MemoryUse).")
      .def_readonly("buffers", &MemoryUse::buffers, "graphc's own device allocations for the buffers")
      .def_readonly("host_buffers", &MemoryUse::host_buffers, "graphc's own host allocations (pinned or pageable)")
      .def_readonly("bound", &MemoryUse::bound, "the caller's memory bound to buffers: used, not owned")
      .def_readonly("workspaces", &MemoryUse::workspaces,
                    "what the capture nodes' libraries hold: cuBLAS(Lt) workspaces, cuSPARSE buffers, cuFFT work "
                    "areas, CUB temporary storage")
      .def_readonly("graph_memory", &MemoryUse::graph_memory,
                    "what the alloc nodes take from the device's graph-memory pool while a launch runs")
      .def("__repr__", [](const MemoryUse& u) {
        return fmt::format("<graphc.MemoryUse buffers={} host_buffers={} bound={} workspaces={} graph_memory={}>",
                           u.buffers, u.host_buffers, u.bound, u.workspaces, u.graph_memory);
      });

  py::class_<GraphMemoryPool>(m, "GraphMemoryPool",
                              "A device's graph-memory pool (cudaDeviceGetGraphMemAttribute), in bytes.")
      .def_readonly("used", &GraphMemoryPool::used, "cudaGraphMemAttrUsedMemCurrent")
      .def_readonly("used_high", &GraphMemoryPool::used_high, "cudaGraphMemAttrUsedMemHigh")
      .def_readonly("reserved", &GraphMemoryPool::reserved, "cudaGraphMemAttrReservedMemCurrent")
      .def_readonly("reserved_high", &GraphMemoryPool::reserved_high, "cudaGraphMemAttrReservedMemHigh")
      .def("__repr__", [](const GraphMemoryPool& p) {
        return fmt::format("<graphc.GraphMemoryPool used={} used_high={} reserved={} reserved_high={}>", p.used,
                           p.used_high, p.reserved, p.reserved_high);
      });

  m.def("graph_memory_pool", &graph_memory_pool, py::arg("device") = 0, py::call_guard<py::gil_scoped_release>(),
        "The graph-memory pool of CUDA device `device`: bytes in use and reserved, now and at most. graphc.Error "
        "(R0001) when CUDA refuses.");
  m.def("trim_graph_memory", &trim_graph_memory, py::arg("device") = 0, py::call_guard<py::gil_scoped_release>(),
        "Gives the pool's memory that no exec's allocation holds back to the driver (cudaDeviceGraphMemTrim).");
  m.def("handed_off_execs", &handed_off_execs,
        "How many execs handed away with Instance.release() still hold their resources (graphc::handed_off_execs).");
}

}  // namespace graphc::python
