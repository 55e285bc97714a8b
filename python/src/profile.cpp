// graphc::Profile and graphc::NodeRun for Python (Instance.profile returns them): read-only
// fields, rows as dicts for pandas, and the Chrome trace's JSON text.
#include <string>

#include <pybind11/stl.h>

#include "graphc/base/profile.h"
#include "module.h"
#include "profile/chrome_trace.h"

namespace py = pybind11;

namespace graphc::python {

void add_profile(py::module_& m) {
  py::class_<NodeRun>(m, "NodeRun", "One run of one node on the device (graphc::NodeRun).")
      .def_readonly("node", &NodeRun::node, "the node's path: 'scale', 'step/axpy' inside call node 'step'")
      .def_readonly("kind", &NodeRun::kind, "'kernel', 'copy', 'memset', or 'capture' for a captured node's work")
      .def_readonly("file", &NodeRun::file)
      .def_readonly("line", &NodeRun::line, "1-based")
      .def_readonly("column", &NodeRun::column, "1-based")
      .def_readonly("function", &NodeRun::function, "the kernel's name as CUDA reports it; '' for copies and memsets")
      .def_readonly("start_ns", &NodeRun::start_ns, "device timestamp (CUPTI's clock), ns")
      .def_readonly("end_ns", &NodeRun::end_ns, "device timestamp (CUPTI's clock), ns")
      .def_readonly("launch", &NodeRun::launch, "which launch of the profile, from 0")
      .def_readonly("iteration", &NodeRun::iteration, "which run in its launch (a WHILE body's), from 0")
      .def_property_readonly("duration_ns", &NodeRun::duration_ns)
      .def("__repr__", [](const NodeRun& r) {
        return "<graphc.NodeRun " + r.node + " " + std::to_string(r.duration_ns()) + " ns>";
      });

  py::class_<Profile>(m, "Profile", "Where a graph's device time went, node by node (graphc::Profile).")
      .def_readonly("graph", &Profile::graph)
      .def_readonly("file", &Profile::file)
      .def_readonly("launches", &Profile::launches)
      .def_readonly("runs", &Profile::runs, "every NodeRun, ordered by start time")
      .def_readonly("launch_ns", &Profile::launch_ns, "each launch's length on the device, ns")
      .def_readonly("plain_launch_us", &Profile::plain_launch_us, "mean launch without CUPTI, us")
      .def_readonly("profiled_launch_us", &Profile::profiled_launch_us, "mean launch under CUPTI, us")
      .def_readonly("unmapped_runs", &Profile::unmapped_runs, "device work no node could be named for")
      .def_readonly("unmapped_reason", &Profile::unmapped_reason)
      .def(
          "rows",
          [](const Profile& p) {
            py::list rows;
            for (const NodeRun& r : p.runs) {
              rows.append(py::dict(py::arg("node") = r.node, py::arg("kind") = r.kind, py::arg("file") = r.file,
                                   py::arg("line") = r.line, py::arg("column") = r.column,
                                   py::arg("function") = r.function, py::arg("launch") = r.launch,
                                   py::arg("iteration") = r.iteration, py::arg("start_ns") = r.start_ns,
                                   py::arg("end_ns") = r.end_ns, py::arg("duration_ns") = r.duration_ns()));
            }
            return rows;
          },
          "every run as a dict (node, kind, file, line, column, function, launch, iteration, start_ns, end_ns, "
          "duration_ns): pandas.DataFrame(profile.rows())")
      .def(
          "chrome_trace", [](const Profile& p) { return profile::chrome_trace(p); },
          "the Chrome trace (JSON text) `graphc run --trace` writes, for chrome://tracing and Perfetto");
}

}  // namespace graphc::python
