// Capture nodes, shared by the runtime and the code `graphc compile` writes: stream capture
// of a function into a fresh graph, and the check of what was captured against the rules
// of the place the graph goes (a graph, a conditional body, a graph instantiated for
// device launch). Header-only, CUDA runtime API and the standard library only.
#pragma once

#include <cuda_runtime_api.h>

#include <exception>
#include <string>
#include <utility>
#include <vector>

#include "graphc/error.h"
#include "graphc/runtime_error.h"

namespace graphc {

/// Where a captured graph becomes a child graph node: what it may then hold.
enum class CapturePlace {
  graph,             // an ordinary graph: any node CUDA can capture
  conditional_body,  // a conditional node's body graph (or a graph a body calls)
  device_graph,      // a graph instantiated with cudaGraphInstantiateFlagDeviceLaunch
};

namespace detail {

/// CUDA's name of a node type, for messages: "mem alloc", "host", ...
inline const char* cuda_node_type_name(cudaGraphNodeType type) {
  switch (type) {
    case cudaGraphNodeTypeKernel: return "kernel";
    case cudaGraphNodeTypeMemcpy: return "memcpy";
    case cudaGraphNodeTypeMemset: return "memset";
    case cudaGraphNodeTypeHost: return "host";
    case cudaGraphNodeTypeGraph: return "child graph";
    case cudaGraphNodeTypeEmpty: return "empty";
    case cudaGraphNodeTypeWaitEvent: return "event wait";
    case cudaGraphNodeTypeEventRecord: return "event record";
    case cudaGraphNodeTypeExtSemaphoreSignal: return "external semaphore signal";
    case cudaGraphNodeTypeExtSemaphoreWait: return "external semaphore wait";
    case cudaGraphNodeTypeMemAlloc: return "mem alloc";
    case cudaGraphNodeTypeMemFree: return "mem free";
    case cudaGraphNodeTypeConditional: return "conditional";
    default: return "unknown";
  }
}

/// Whether `place` may hold a node of `type` (CUDA 13: cudaConditionalNodeParams for bodies,
/// cudaGraphInstantiateFlagDeviceLaunch for device graphs).
inline bool capture_place_allows(CapturePlace place, cudaGraphNodeType type) {
  switch (place) {
    case CapturePlace::graph: return true;
    case CapturePlace::conditional_body:
      return type == cudaGraphNodeTypeKernel || type == cudaGraphNodeTypeEmpty || type == cudaGraphNodeTypeMemcpy ||
             type == cudaGraphNodeTypeMemset || type == cudaGraphNodeTypeGraph || type == cudaGraphNodeTypeConditional;
    case CapturePlace::device_graph:
      return type == cudaGraphNodeTypeKernel || type == cudaGraphNodeTypeMemcpy || type == cudaGraphNodeTypeMemset ||
             type == cudaGraphNodeTypeGraph;
  }
  return false;
}

inline const char* capture_place_rule(CapturePlace place) {
  return place == CapturePlace::conditional_body
             ? "a conditional body may hold only kernel, empty, memcpy, memset, child graph and conditional nodes"
             : "a graph instantiated for device launch may hold only kernel, memcpy, memset and child graph nodes";
}

/// Throws R0042 for the first node of `graph` (or of a child graph in it) that `place`
/// cannot hold.
inline void check_captured_nodes(cudaGraph_t graph, CapturePlace place, const char* node, const char* location) {
  if (place == CapturePlace::graph) return;
  size_t count = 0;
  if (cudaGraphGetNodes(graph, nullptr, &count) != cudaSuccess) return;
  std::vector<cudaGraphNode_t> nodes(count, nullptr);
  if (cudaGraphGetNodes(graph, nodes.data(), &count) != cudaSuccess) return;
  for (cudaGraphNode_t n : nodes) {
    cudaGraphNodeType type{};
    if (cudaGraphNodeGetType(n, &type) != cudaSuccess) continue;
    if (!capture_place_allows(place, type)) {
      const bool allocates = type == cudaGraphNodeTypeMemAlloc || type == cudaGraphNodeTypeMemFree;
      throw_error<RuntimeCode::captured_node_refused>(
          location, node, cuda_node_type_name(type),
          place == CapturePlace::conditional_body ? "a conditional body" : "a device graph",
          std::string(capture_place_rule(place)) +
              (allocates ? " (a library that allocates while captured needs a workspace of its own)" : ""));
    }
    cudaGraph_t child = nullptr;
    if (type == cudaGraphNodeTypeGraph && cudaGraphChildGraphNodeGetGraph(n, &child) == cudaSuccess) {
      check_captured_nodes(child, place, node, location);
    }
  }
}

/// Ends the capture of `stream` after `body` threw, leaving the stream usable.
inline void abandon_capture(cudaStream_t stream) {
  cudaStreamCaptureStatus status = cudaStreamCaptureStatusNone;
  if (cudaStreamIsCapturing(stream, &status) == cudaSuccess && status != cudaStreamCaptureStatusNone) {
    cudaGraph_t ended = nullptr;
    cudaStreamEndCapture(stream, &ended);  // our graph: the caller destroys it
  }
  cudaGetLastError();
}

}  // namespace detail

/// The shape of a captured graph: its node types in CUDA's order (a child graph's shape in
/// brackets after it) and its edge count, "kernel, kernel; 1 edge". Two captures of one
/// node can replace each other in an exec (cudaGraphExecChildGraphNodeSetParams) only when
/// their shapes are the same.
inline std::string captured_shape(cudaGraph_t graph) {
  size_t count = 0;
  size_t edges = 0;
  if (cudaGraphGetNodes(graph, nullptr, &count) != cudaSuccess ||
      cudaGraphGetEdges(graph, nullptr, nullptr, nullptr, &edges) != cudaSuccess) {
    cudaGetLastError();
    return "unreadable";
  }
  std::vector<cudaGraphNode_t> nodes(count);
  std::string out;
  if (cudaGraphGetNodes(graph, nodes.data(), &count) != cudaSuccess) return "unreadable";
  for (cudaGraphNode_t n : nodes) {
    cudaGraphNodeType type{};
    if (cudaGraphNodeGetType(n, &type) != cudaSuccess) return "unreadable";
    out += (out.empty() ? "" : ", ") + std::string(detail::cuda_node_type_name(type));
    cudaGraph_t child = nullptr;
    if (type == cudaGraphNodeTypeGraph && cudaGraphChildGraphNodeGetGraph(n, &child) == cudaSuccess) {
      out += " [" + captured_shape(child) + "]";
    }
  }
  return out + "; " + std::to_string(edges) + (edges == 1 ? " edge" : " edges");
}

/// Throws R0044 when a node's graph captured again (`now`) has another shape than the one
/// in the exec (`before`), as generated set_NAME() checks before it changes anything: "param
/// '<param>' cannot be set: ..." (the runtime names the value instead, which it has as text).
inline void require_same_shape(const std::string& before, const std::string& now, const char* param, const char* node,
                               const char* location) {
  if (before == now) return;
  throw_error<RuntimeCode::recapture_refused>(location, param, "set", node, "before: " + before + "; now: " + now);
}

/// Throws R0047 when a node's graph captured again with buffer `buffer`'s new memory
/// (`now`) has another shape than the one in the exec (`before`), as generated
/// rebind_NAME() checks before it changes anything.
inline void require_same_shape_rebound(const std::string& before, const std::string& now, const char* buffer,
                                       const char* node, const char* location) {
  if (before == now) return;
  throw_error<RuntimeCode::rebind_refused>(location, buffer, node, "before: " + before + "; now: " + now);
}

/// Captures what `body(stream)` launches on `stream` into a new graph and returns it, owned
/// by the caller (who moves it into a child graph node, cudaGraphChildGraphOwnershipMove):
/// cudaGraphCreate, cudaStreamBeginCaptureToGraph in cudaStreamCaptureModeThreadLocal, the
/// body, cudaStreamEndCapture, then a check that `place` can hold every captured node.
/// `stream` must not be capturing already and must be one the body may use (not the legacy
/// default stream, which cannot capture). Throws graphc::Error naming `node` at `location`:
/// R0041 for a failed capture call, for a body that throws anything but a graphc::Error
/// (its message included, a graphc::Error passes as it is), and for a capture that fails
/// (the body synchronized, left a forked stream unjoined, or made a call capture forbids:
/// CUDA's error and the capture status are named); R0042 for a node the place cannot hold.
/// Nothing leaks on any of these.
template <class Body>
cudaGraph_t capture_graph(cudaStream_t stream, Body&& body, CapturePlace place, const char* node,
                          const char* location) {
  struct Owned {
    cudaGraph_t graph = nullptr;
    ~Owned() {
      if (graph != nullptr) cudaGraphDestroy(graph);
    }
  } owned;
  const auto fail = [&](const std::string& what) { throw_error<RuntimeCode::capture_failed>(location, node, what); };
  const auto cuda = [](cudaError_t status) {
    return std::string(cudaGetErrorName(status)) + " (" + cudaGetErrorString(status) + ")";
  };
  if (const cudaError_t s = cudaGraphCreate(&owned.graph, 0); s != cudaSuccess) fail("cudaGraphCreate: " + cuda(s));
  if (const cudaError_t s =
          cudaStreamBeginCaptureToGraph(stream, owned.graph, nullptr, nullptr, 0, cudaStreamCaptureModeThreadLocal);
      s != cudaSuccess) {
    cudaGetLastError();
    fail("cudaStreamBeginCaptureToGraph: " + cuda(s));
  }
  try {
    std::forward<Body>(body)(stream);
  } catch (const Error&) {  // graphc's own (a typed function's arguments, R0043): as it is
    detail::abandon_capture(stream);
    throw;
  } catch (const std::exception& e) {
    detail::abandon_capture(stream);
    fail(std::string("the captured function threw: ") + e.what());
  } catch (...) {
    detail::abandon_capture(stream);
    fail("the captured function threw an exception that is not a std::exception");
  }
  cudaStreamCaptureStatus status = cudaStreamCaptureStatusNone;
  cudaStreamIsCapturing(stream, &status);
  cudaGraph_t ended = nullptr;
  const cudaError_t end = cudaStreamEndCapture(stream, &ended);
  if (end != cudaSuccess) {
    cudaGetLastError();
    fail(std::string("cudaStreamEndCapture: ") + cuda(end) + ", capture status " +
         (status == cudaStreamCaptureStatusInvalidated ? "invalidated" : "active") +
         "; while captured, a function may not synchronize (a stream, an event, the device), use the legacy "
         "default stream, or leave work on another stream that is not joined back into the capturing stream");
  }
  detail::check_captured_nodes(owned.graph, place, node, location);
  return std::exchange(owned.graph, nullptr);
}

}  // namespace graphc
