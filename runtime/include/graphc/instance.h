// graphc::Instance: one graph of a Program, built into a cudaGraph_t, instantiated into a
// cudaGraphExec_t and uploaded, with its buffers. Made by Program::instantiate.
#pragma once

#include <cuda_runtime_api.h>

#include <chrono>
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "graphc/base/profile.h"
#include "graphc/base/scalar_type.h"
#include "graphc/error.h"
#include "graphc/exec_keeper.h"
#include "graphc/memory_use.h"
#include "graphc/type_of.h"

namespace graphc {
namespace detail {

struct InstanceState;
struct Introspection;

}  // namespace detail

/// What Instance::reload did, cheapest first.
struct ReloadResult {
  enum class Kind {
    /// Only values changed: the nodes whose parameters differ were set in the executable
    /// graph one by one (cudaGraphExecKernelNodeSetParams, cudaGraphExecNodeSetParams), and
    /// no graph was built.
    nodes_set,
    /// A new graph was built and the executable graph updated in place from it
    /// (cudaGraphExecUpdate).
    updated,
    /// A new executable graph replaced it (cudaGraphInstantiate).
    reinstantiated,
  };
  Kind kind = Kind::nodes_set;
  /// Why the cheaper path was not taken: for `updated`, why nodes could not be set one by
  /// one (e.g. "capture node 'gemm' is captured again, which takes a graph build"); for
  /// `reinstantiated`, why the exec could not be updated (e.g. "node 'x' is new", or what
  /// cudaGraphExecUpdate reported). Empty for `nodes_set`.
  std::string reason;
  /// The warnings of the files as read again, rendered as Program::warnings() renders a
  /// load's; empty when there are none.
  std::string warnings;
  /// For `nodes_set`: how many nodes were set (those of called graphs included); an
  /// unchanged file sets none. 0 otherwise.
  std::size_t nodes_set = 0;
};

/// Move-only; owns the cudaGraph_t, the cudaGraphExec_t, every buffer it allocated and
/// every event it created, and keeps its Program's modules loaded for as long as it lives
/// (a Program may be destroyed first). Not thread-safe: one thread at a time per Instance.
class Instance {
 public:
  Instance(Instance&&) noexcept;
  Instance& operator=(Instance&&) noexcept;
  ~Instance();

  /// Sets param `name` for the next launches: every kernel node that passes it gets the
  /// new value through cuGraphExecKernelNodeSetParams (the driver's exec kernel setter, the
  /// runtime's cudaGraphExecKernelNodeSetParams without its layer; no re-instantiation), and every
  /// node whose configuration uses it (a grid, block or shared memory size; a copy's or
  /// memset's slice, a copy's size, a memset's value) is folded again with the value and
  /// set through cuGraphExecKernelNodeSetParams or cudaGraphExecNodeSetParams. The C++
  /// type must be the param's type exactly (set("scale", 3.0f) for an f32 param; 3.0 is a
  /// double; __half for f16, __nv_bfloat16 for bf16; CUDA's vector type for a vector param,
  /// set("tint", make_float4(1, 2, 3, 4))): otherwise graphc::Error R0012; an unknown name
  /// is R0011. A value that breaks
  /// a launch limit or a bound of a node it configures is R0032, the validator's diagnostic
  /// as a note, and changes nothing; shared memory over the device's limit is R0009. A
  /// failed CUDA call is R0001 naming the node.
  template <class T>
  void set(std::string_view name, T value) {
    set_bytes(name, detail::element_type_of<T>(), &value);
  }

  /// Gives buffer `name` new memory on the live exec, for the next launches: `pointer`,
  /// holding `bytes`. Every node that uses the buffer is pointed at it in place (no
  /// re-instantiation): a kernel argument (`buf`, `buf + k`) through
  /// cuGraphExecKernelNodeSetParams, a copy end or memset through
  /// cudaGraphExecNodeSetParams, the nodes of a called graph the buffer is passed to, in
  /// conditional bodies too, and a capture node that passes it is captured again and set
  /// with cudaGraphExecChildGraphNodeSetParams. The memory must hold the buffer (R0007 when
  /// `bytes` is less than count * element size) in its memory space (R0046, as
  /// cudaPointerGetAttributes says: device or managed memory for a device buffer, pinned host
  /// or managed memory for a host buffer, managed memory for a managed one); an alloc's
  /// memory cannot be bound (R0020), nor a 2-D buffer (R0059: bind it with
  /// Bindings::pitched at instantiate), nor a view (R0053: bind its base, and every node
  /// that uses a view of it follows); an unknown name is R0010; a capture node that captures
  /// a graph of another shape is R0047. A refused binding changes nothing. The instance
  /// does not own `pointer` (it must outlive the launches that use it, and reload() keeps
  /// it); memory the instance allocated for the buffer stays allocated until the instance
  /// is destroyed. Graphs this one launches from the device keep their own buffers. Wait for
  /// running launches first if the old memory is about to be freed.
  void bind(std::string_view name, void* pointer, std::size_t bytes);

  /// Sets param `name` from text ("3.5", "-2", "0x10" is not accepted), converted to the
  /// param's own type, f16 and bf16 included (rounded to nearest even); a vector param takes
  /// one number per lane, separated by commas ("1, 2, 3, 4", or "float4{1, 2, 3, 4}"). Text
  /// that is not a number, an integer out of the type's range, or the wrong number of lanes
  /// is R0014; an unknown name is R0011.
  void set_from_text(std::string_view name, std::string_view text);

  /// Enables or disables node `name` for the next launches (cudaGraphNodeSetEnabled): a
  /// disabled node does nothing, as an empty node would, and keeps its parameters. Only
  /// kernel, copy and memset nodes of the graph itself (not of a conditional body) can be:
  /// others are R0031; an unknown name is R0015; a failed CUDA call is R0001 naming the node.
  void enable(std::string_view name, bool enabled);
  /// Whether node `name` is enabled (cudaGraphNodeGetEnabled); the same errors as enable.
  bool enabled(std::string_view name) const;

  /// Re-reads the file this instance's Program was loaded from (for Program::from_text:
  /// the file at the path it was given, E0002 when there is none), with the files it imports
  /// and its modules (an edited `.cu` is compiled again by NVRTC), and rebuilds this graph
  /// with the same bindings and load options. When the graph's topology is unchanged
  /// (only values, launch shapes and kernels changed), the
  /// nodes whose parameters changed are set in the executable graph and no graph is built
  /// (ReloadResult::Kind::nodes_set); where a node cannot be set so (a capture node, changed
  /// launch attributes, a setting CUDA refuses), a new graph is built and the executable
  /// graph updated in place with cudaGraphExecUpdate (updated). Otherwise, or when CUDA
  /// refuses the update, or for graphs with conditional nodes or graphs launched from the
  /// device, it is re-instantiated. Either way it is uploaded on `stream`, synchronized.
  /// Buffers the instance allocated keep their memory and contents when their name, type,
  /// count and memory space are unchanged; new or changed ones are allocated and
  /// initialised. Params start from the file's defaults again; enabled states are reset.
  /// A file with errors throws graphc::Error as Program::load does, and any failure leaves
  /// the instance as it was. Wait for running launches first (the old graph is destroyed).
  ReloadResult reload(cudaStream_t stream = nullptr);
  /// The files the graph was compiled from: the file, the files it imports, then their
  /// modules (compile.h files_read). A hot reloader watches them and calls reload().
  std::vector<std::string> files() const;

  /// cudaGraphLaunch on `stream` (asynchronous: synchronize the stream before reading
  /// results). A failure is R0001.
  void launch(cudaStream_t stream = nullptr);

  /// Waits for `stream`, as cudaStreamSynchronize, except that a collective whose peer rank
  /// died or diverged does not make it wait forever: it watches the graph's communicators
  /// (ncclCommGetAsyncError) and, when NCCL reports an error or `timeout` passes first, aborts
  /// those graphc made (graphc::Communicator::abort; the program aborts its own ncclComm_t,
  /// after destroying this instance) and throws R0069 naming the graph, the communicator and
  /// its collective nodes (graphc/communicator.h, wait_for_collectives). A graph without
  /// collectives is plain cudaStreamSynchronize. A failed CUDA call is R0001.
  void synchronize(cudaStream_t stream = nullptr, std::chrono::milliseconds timeout = std::chrono::minutes(10));

  /// Adds this graph to the graph that `stream` is capturing, as one child graph node after
  /// the capture's current dependencies, which then become that node: so a program that
  /// captures its own stream (torch.cuda.graph, a cuBLAS pipeline, plain stream capture)
  /// includes a graphc graph as if it had launched it there (cudaStreamGetCaptureInfo,
  /// cudaGraphAddNode, cudaStreamUpdateCaptureDependencies). The child graph is built anew
  /// with the params' current values and configurations (capture nodes captured again)
  /// and moved into the node; it uses this instance's buffers, events and library state, so
  /// the instance must outlive the captured graph and its execs, and later Instance::set
  /// calls do not reach it. A stream that is not capturing, or a graph with conditional
  /// nodes (which CUDA does not allow in a child graph), is R0045; a failed CUDA call R0001.
  void add_to_capture(cudaStream_t stream);

  /// Where the graph's device time goes, node by node: launches the graph `launches` times
  /// on `stream`, one at a time (each synchronized), and returns every kernel, copy and
  /// memset that ran (NodeRun: the node's name or path, kind, source location, start, end,
  /// launch and iteration), the nodes of called graphs, conditional bodies and capture
  /// nodes included. The times come from CUPTI's activity API (libcupti.so.13, loaded with
  /// dlopen now and kept loaded; until a first profile() nothing of CUPTI is loaded). So that
  /// CUPTI can tie each executable graph node to its node, the graph is built again from the
  /// params' current values and instantiated while CUPTI watches; that exec is launched and
  /// destroyed, and the instance's own exec is left as it was (it is launched `launches`
  /// times first, without CUPTI, for Profile::plain_launch_us). Each exec is launched once
  /// more before its timed launches, uncounted, and that launch's records are dropped. The graph's nodes run on the
  /// instance's buffers, as launch() would. CUPTI that cannot be loaded is R0060; CUPTI
  /// refusing (another profiler subscribed) R0061; zero launches, or a graph launched from or
  /// launching graphs from the device, R0062; a failed CUDA call R0001.
  Profile profile(std::uint32_t launches, cudaStream_t stream = nullptr);

  /// The graph built with cudaGraphAddNode that the exec was instantiated from (for
  /// inspection: cudaGraphGetNodes, ...). After reload() updated the exec in place, it is
  /// still the first graph, whose node handles identify the exec's nodes; its node
  /// parameters are then the old ones.
  cudaGraph_t graph() const;
  /// The instantiated, uploaded executable graph.
  cudaGraphExec_t exec() const;
  /// Hands the exec to the caller (a framework, another thread), who launches it and
  /// destroys it with cudaGraphExecDestroy, and leaves this Instance empty (it may only be
  /// destroyed or assigned to). What the exec uses stays alive until CUDA destroys it: the
  /// buffers graphc allocated, the events, the modules, the capture nodes' stream, library
  /// handles and workspaces, registered NCCL windows and the graphs it launches from the
  /// device. A CUDA user object (cudaUserObjectCreate) that the exec holds keeps them, and
  /// graphc's reaper thread frees them moments after cudaGraphExecDestroy
  /// (handed_off_execs(), graphc/exec_keeper.h, counts those not freed yet). The graph
  /// (graph()) is destroyed now; memory the caller bound stays the caller's to keep alive.
  /// Parameters can no longer be set through graphc; the exec's nodes keep their values.
  /// Throws R0001 when cudaGetDevice fails, the Instance unchanged.
  cudaGraphExec_t release();
  /// True once release() handed the exec away (or the Instance was moved from): it may then
  /// only be destroyed or assigned to.
  bool empty() const noexcept { return state_ == nullptr; }
  /// The cudaGraph_t node of the IR node `name` of this graph; unknown name: R0015.
  cudaGraphNode_t node(std::string_view name) const;
  /// The memory behind buffer `name` (allocated by the instance, or bound by the caller):
  /// a device, pinned host or managed pointer as the buffer's space says. For an alloc's
  /// name, the device address its mem alloc node returned: the memory exists only from that
  /// node to its free node during a launch (or, unfreed, until the next launch). For a
  /// view's name, its base's memory advanced by the view's offset. Unknown: R0010.
  void* buffer(std::string_view name) const;
  /// The buffer's size in bytes as declared (count * element size; of a 2-D buffer, rows *
  /// width * element size, of a 3-D one depth * rows * width * element size: its dense
  /// size, which a pitched one exceeds). Unknown: R0010.
  std::size_t buffer_bytes(std::string_view name) const;
  /// Bytes from one row of 2-D or 3-D buffer `name` to the next: the pitch cudaMallocPitch
  /// (2-D) or cudaMalloc3D (3-D, whose slices are pitch * rows bytes apart) chose for a
  /// device buffer, width * element size for other spaces, or the pitch given to
  /// Bindings::pitched; what `pitch(name)` passes to kernels. 0 for a 1-D buffer. Unknown: R0010.
  std::size_t buffer_pitch(std::string_view name) const;
  /// The CUDA event behind `event name;` (created by the instance, or bound by the caller
  /// with Bindings::event), e.g. to cudaEventSynchronize on what a record node recorded.
  /// Unknown: R0016.
  cudaEvent_t event(std::string_view name) const;
  /// Milliseconds between the last records of events `from` and `to` (cudaEventElapsedTime,
  /// about 0.5 us resolution), after waiting for `to` (cudaEventSynchronize): the time between
  /// two record nodes of the last launch. The instance's events must be declared `[timing]`
  /// (else R0048); events bound with Bindings::event are the caller's, as CUDA created them.
  /// Unknown: R0016; CUDA refusing (an event not recorded yet): R0001.
  float elapsed_ms(std::string_view from, std::string_view to) const;

  /// The instance of graph `graph`, which a kernel of this graph (or of a graph it
  /// launches) launches through `@graph`: instantiated with this one, for device launch
  /// (cudaGraphInstantiateFlagDeviceLaunch), with its own buffers except those the
  /// bindings bind by name. A graph launched by none of them: R0030.
  const Instance& launched(std::string_view graph) const;

  /// What this instance holds in memory and what its exec's alloc nodes take from the
  /// graph-memory pool when it runs (graphc/memory_use.h), in bytes; the graphs it launches
  /// from the device (`@g`) included. Needs no CUDA call.
  MemoryUse memory() const;

 private:
  friend class Program;
  friend struct detail::Introspection;
  explicit Instance(std::unique_ptr<detail::InstanceState> state);
  /// The instance of the first of `states` (detail::instantiate_closure's), owning the
  /// instances of the others, the graphs it launches.
  static Instance assemble(std::vector<std::unique_ptr<detail::InstanceState>> states);
  void set_bytes(std::string_view name, ScalarType given, const void* value);
  /// reload's end once `fresh` holds the updated exec: it replaces this instance's state.
  void commit(std::unique_ptr<detail::InstanceState> fresh, cudaStream_t stream);

  std::unique_ptr<detail::InstanceState> state_;
};

}  // namespace graphc
