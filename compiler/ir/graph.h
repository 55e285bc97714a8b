// The IR of one module: graphs of nodes and edges, with their declarations.
//
// Front ends fill the syntax fields (names, expressions, ranges). The validator
// (sema::analyze) resolves names and folds expressions into the fields marked
// "resolved"; back ends read only resolved fields, never syntax, and run only on a
// module that analyzed without errors. Vectors are in source order, so every output is
// deterministic.
#pragma once

#include <array>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "ir/collective_ops.h"
#include "ir/expr.h"
#include "ir/ids.h"
#include "ir/library_ops.h"
#include "ir/types.h"
#include "source/source.h"

namespace graphc::ir {

/// `const NAME = expr;`
struct Const {
  std::string name;
  SourceRange name_range;
  SourceRange range;
  Expr value;
  Scalar folded;  // resolved
  /// `variant NAME in {1, 2, 4};`: the values of the file's variant dimension as written (a
  /// literal each); empty for a plain const. `value` is the one this compilation is for: the
  /// largest, unless a define (LoadOptions::defines, `graphc --variant`) picks another.
  std::vector<Expr> variants;
};

/// `float4{1, 2, 3, 4}`: a value of one of CUDA's vector types, one expression per lane, as
/// a vector param's default is written.
struct VectorValue {
  std::string type;  // the type's name as written
  SourceRange type_range;
  std::vector<Expr> lanes;
  SourceRange range;
};

/// `param NAME : type (= default)?;` A scalar, or a value of a CUDA vector type, the
/// caller may change between launches.
struct Param {
  std::string name;
  SourceRange name_range;
  SourceRange range;
  ScalarType type = ScalarType::f32;
  OptionalExpr default_value;                 // `= expr`
  std::optional<VectorValue> default_vector;  // `= float4{...}`
  Scalar folded_default;                      // resolved, a scalar: the default converted to `type` (zero if none)
  /// Resolved, a vector: the default lane by lane, each of component_type(type) (zeros if none).
  std::vector<Scalar> folded_lanes;
};

/// `event NAME;` A CUDA event shared by the graph's record and wait nodes; the runtime
/// (or the generated Storage) creates it unless the caller binds one.
struct Event {
  std::string name;
  SourceRange name_range;
  SourceRange range;
  /// `[timing]`: created without cudaEventDisableTiming, so that cudaEventElapsedTime can
  /// read the time between two of its records.
  bool timing = false;
};

/// What a communicator's attribute asks of the memory its collectives pass.
enum class CommRegistration : std::uint8_t {
  none,
  /// `[register]`: each buffer a collective sends from or receives into is registered as it is
  /// passed (ncclCommRegister), which lets NCCL skip its internal copies.
  buffers,
  /// `[window]`: the whole of each buffer a collective passes is a symmetric window
  /// (ncclCommWindowRegister, NCCL_WIN_COLL_SYMMETRIC; a collective call of every rank), which
  /// graphc allocates with ncclMemAlloc: NCCL's symmetric kernels, of lower latency.
  window,
};

/// The attribute's spelling: "register", "window"; "" for none.
std::string_view registration_name(CommRegistration registration);

/// `comm NAME;`: an NCCL communicator (ncclComm_t) that the graph's collective nodes run
/// over. The same graph runs on every rank of it (SPMD), each instance bound to its rank's
/// communicator by the host program (Bindings::communicator); a communicator is to
/// collectives what a buffer is to kernels.
struct Comm {
  std::string name;
  SourceRange name_range;
  SourceRange range;
  /// Its number of ranks, `world_size(NAME)` in expressions: not in the source (the same
  /// file runs at every size) but given by whoever checks or loads it (graphc --world-size,
  /// LoadOptions::world_size); 0 when not given. Set before analysis.
  int world_size = 0;
  /// How its collectives' memory is registered with the bound communicator, outside capture
  /// as the graph is built, and deregistered with the instance.
  CommRegistration registration = CommRegistration::none;
};

/// Initial contents a buffer gets once, when the runtime allocates it.
struct BufferInit {
  enum class Kind : std::uint8_t {
    none,
    fill,  // = fill(v): every element v
    iota,  // = iota(start): element i is start + i
    list,  // = {v0, v1, ...}: exactly one value per element
  };
  Kind kind = Kind::none;
  std::vector<Expr> values;
  SourceRange range;
  std::vector<Scalar> folded;  // resolved: the values converted to the buffer's type
};

/// `view NAME : type[count] of BASE (+ offset)?;`: memory of BASE (a buffer, a graph
/// parameter, an alloc's memory or another view) seen as `count` elements of another type,
/// starting `offset` elements of BASE in. A view owns no memory: no one binds or allocates
/// it, and its memory space is its base's.
struct BufferView {
  std::string base;  // as written
  SourceRange base_range;
  OptionalExpr offset;            // in elements of BASE, as `buf + k` in a kernel argument
  BufferId base_id;               // resolved
  BufferId root;                  // resolved: the buffer or alloc's memory at the end of the chain of views
  std::uint64_t root_offset = 0;  // resolved: bytes from the root's start
};

/// `buffer NAME : type[count] space (= init)?;`, or the memory of `alloc NAME : type[count];`
/// (then `alloc` is its mem alloc node, `space` is device and there is no init): an alloc's
/// memory is a buffer of the graph, so its name works wherever a buffer's does (slices,
/// kernel arguments, `alloc + k`), but no one binds or allocates it: its mem alloc node
/// returns its address (dptr) when the node is added.
struct Buffer {
  std::string name;
  SourceRange name_range;
  SourceRange range;
  ScalarType type = ScalarType::f32;
  Expr count;
  MemorySpace space = MemorySpace::device;
  BufferInit init;
  NodeId alloc;  // the mem alloc node whose memory this is (`alloc NAME : type[count];`); invalid: a buffer
  /// `type[rows][width]`: a 2-D buffer of `count` rows of `width` elements. Device memory
  /// is pitched (cudaMallocPitch: each row starts `pitch` bytes after the one before, a
  /// pitch CUDA picks at run time); host, pageable and managed memory is dense (pitch =
  /// width * element size).
  OptionalExpr width;
  /// `type[depth][rows][width]`: a 3-D buffer of `depth` slices of `count` rows of `width`
  /// elements (then `count` is the second extent). Device memory is cudaMalloc3D's: rows
  /// `pitch` bytes apart, one slice's rows right after the one before's (pitch * rows bytes
  /// a slice); other spaces are dense. A 3-D buffer is also two_d(): it has rows and a pitch.
  OptionalExpr depth;
  /// `device(i)` after `device`: memory of CUDA device i (cudaSetDevice(i), then cudaMalloc);
  /// none: of the device the graph is built on.
  OptionalExpr device;
  /// `peers(j, ...)` after that: the devices whose kernels read and write it, each granted
  /// peer access to its device (cudaDeviceEnablePeerAccess).
  std::vector<Expr> peers;
  std::optional<BufferView> view;   // `view NAME : ...`: set; its space is resolved from the base
  std::uint64_t count_value = 0;    // resolved: number of elements; of a 2-D or 3-D buffer, rows (a slice)
  std::uint64_t width_value = 0;    // resolved, 2-D and 3-D: elements per row
  std::uint64_t depth_value = 0;    // resolved, 3-D: slices
  std::optional<int> device_value;  // resolved `device(i)`; a view's or an alloc's: none
  std::vector<int> peer_values;     // resolved `peers(...)`
  /// Rows of `width` elements, `pitch` bytes apart: a 2-D or a 3-D buffer.
  bool two_d() const { return width.has_value(); }
  bool three_d() const { return depth.has_value(); }
  int rank() const { return three_d() ? 3 : two_d() ? 2 : 1; }
  /// Slices of `count_value` rows: depth_value of a 3-D buffer, else 1.
  std::uint64_t slices() const { return three_d() ? depth_value : 1; }
  /// All its rows, slice after slice: what its pitched memory holds `pitch` bytes apart.
  std::uint64_t all_rows() const { return count_value * slices(); }
  bool pitched() const { return two_d() && space == MemorySpace::device; }
  std::uint64_t row_bytes() const { return (two_d() ? width_value : count_value) * type_size(type); }
  /// Dense bytes: of a pitched buffer, the least its memory may hold (rows * width, of
  /// every slice).
  std::uint64_t bytes() const { return all_rows() * (two_d() ? width_value : 1) * type_size(type); }
  /// Elements: count, rows * width or depth * rows * width.
  std::uint64_t elements() const { return all_rows() * (two_d() ? width_value : 1); }
  /// Whether it is memory of its own that the caller binds (Bindings::buffer) or the runtime
  /// allocates: neither an alloc's memory nor a view.
  bool bindable() const { return !alloc.valid() && !view; }
};

/// `buf` or `buf[offset:length]`, in elements; of a 2-D buffer, `buf` or the box
/// `buf[row:rows, column:columns]` (offset and length then count rows); of a 3-D buffer,
/// `buf` or the box `buf[z:depth, row:rows, column:columns]`.
struct BufferSlice {
  std::string buffer;
  SourceRange name_range;
  SourceRange range;
  OptionalExpr z;      // a 3-D box's first slice
  OptionalExpr depth;  // a 3-D box's slices
  OptionalExpr offset;
  OptionalExpr length;
  OptionalExpr column;              // a box's first column
  OptionalExpr columns;             // a box's width in elements
  BufferId id;                      // resolved
  std::uint64_t z_value = 0;        // resolved, 3-D: first slice
  std::uint64_t depth_value = 0;    // resolved, 3-D: slices of the box (all of them by default); 0: 1-D or 2-D
  std::uint64_t offset_value = 0;   // resolved: first element (2-D, 3-D: first row)
  std::uint64_t length_value = 0;   // resolved: elements (the rest of the buffer by default; 2-D, 3-D: rows)
  std::uint64_t column_value = 0;   // resolved, 2-D, 3-D: first column
  std::uint64_t columns_value = 0;  // resolved, 2-D, 3-D: elements per row of the box (all by default); 0: 1-D
  /// Ranges written: 0 (`buf`), 1, 2 (a 2-D box) or 3 (a 3-D box).
  int ranges() const { return !offset ? 0 : z ? 3 : column ? 2 : 1; }
  /// Slices the folded box covers: depth_value of a 3-D box, else 1.
  std::uint64_t slices() const { return depth_value != 0 ? depth_value : 1; }
  /// Elements the folded slice or box covers.
  std::uint64_t elements() const { return slices() * length_value * (columns_value != 0 ? columns_value : 1); }
};

/// `cond NAME (= value)?;` A conditional handle (cudaGraphConditionalHandle), created on
/// the graph or body graph it is declared in, which is the one that holds the conditional
/// node using it. With a default, the handle is set to it at the start of every launch
/// (cudaGraphCondAssignDefault).
struct Cond {
  std::string name;
  SourceRange name_range;
  SourceRange range;
  BodyId body;  // where it is declared; invalid: the graph itself
  OptionalExpr default_value;
  std::uint32_t folded_default = 0;  // resolved: the default as CUDA takes it (unsigned int)
};

/// One kernel argument, resolved to what is passed to the kernel.
struct KernelArg {
  enum class Kind : std::uint8_t {
    unresolved,
    buffer,        // the buffer's device pointer, advanced by `offset` elements (`buf + k`)
    param,         // the param's current value, in the param's type
    value,         // a compile-time value (literal, const or constant expression) in its type
    cond,          // a conditional handle (cudaGraphConditionalHandle, 8 bytes)
    graph_exec,    // `@g`: graph g's cudaGraphExec_t, instantiated for device launch
    device_node,   // `&n`: kernel node n's cudaGraphDeviceNode_t (n is `[device_updatable]`)
    null_pointer,  // `nullptr`: a null pointer (8 bytes of zeros)
    pitch,         // `pitch(buf)`: a 2-D buffer's pitch in bytes (std::size_t, 8 bytes)
    comm,          // a communicator (`comm NAME;`): only a collective node takes one
    rank,          // `rank(tp)`: this process's rank in communicator `comm` (i32), known when the graph is built
    aggregate,     // `S{a, b, ...}`: a struct of the module by value, one field per value
  };
  Expr expr;                  // unused for `@g` and `nullptr`
  std::string graph;          // `@g`: the graph's name; empty for an expression
  std::string node;           // `&n`: the kernel node's name; empty for an expression
  bool null_pointer = false;  // `nullptr`, as written
  /// `S{a, b, ...}`: the struct's name as written (empty for any other argument), its
  /// range, and one argument per field in declaration order (buffers, params, values,
  /// `nullptr`; never an aggregate, a cond or `@g`).
  std::string struct_name;
  SourceRange struct_range;
  std::vector<KernelArg> fields;
  SourceRange range;
  Kind kind = Kind::unresolved;    // resolved
  BufferId buffer;                 // resolved, kind == buffer or pitch
  std::int64_t offset = 0;         // resolved, kind == buffer: elements
  ParamId param;                   // resolved, kind == param
  Scalar value;                    // resolved, kind == value
  CondId cond;                     // resolved, kind == cond
  CommId comm;                     // resolved, kind == comm or rank
  GraphId graph_id;                // resolved, kind == graph_exec
  NodeId node_id;                  // resolved, kind == device_node: a kernel node of the same graph
  StructId struct_id;              // resolved, kind == aggregate: invalid for a CUDA vector type (ir/vector_structs.h)
  std::uint32_t struct_size = 0;   // resolved, kind == aggregate: sizeof the struct (C ABI)
  std::uint32_t field_offset = 0;  // resolved, a field of an aggregate: its offsetof (C ABI)
};

/// The arguments that each pass one value: `args` in order, each aggregate replaced by its
/// fields. What a param update, a rebinding or a use of memory looks for.
std::vector<const KernelArg*> leaf_args(const std::vector<KernelArg>& args);

struct Node;
/// Whether `node` is a kernel node declared `[device_updatable]` (its launch attributes
/// resolved): what `&NAME` may name, and what CUDA updates only as it documents.
bool device_updatable(const Node& node);

/// One launch attribute of a kernel node as written: `priority(2)`, `cooperative`.
struct KernelAttribute {
  std::string name;
  SourceRange range;       // the attribute with its arguments
  std::vector<Expr> args;  // constant expressions; `sync_domain(remote)`: a name
};

/// A kernel node's launch attributes as CUDA takes them (cudaLaunchAttributeValue), each
/// set on the node with cudaGraphKernelNodeSetAttribute; resolved from the attributes.
struct LaunchAttributes {
  std::optional<std::int32_t> priority;           // cudaLaunchAttributePriority
  std::array<std::uint32_t, 3> cluster{0, 0, 0};  // cudaLaunchAttributeClusterDimension; 0: none
  bool cooperative = false;                       // cudaLaunchAttributeCooperative
  std::optional<bool> remote_sync_domain;         // cudaLaunchAttributeMemSyncDomain: remote or default
  std::optional<std::int32_t> carveout;           // cudaLaunchAttributePreferredSharedMemoryCarveout, percent
  /// cudaLaunchAttributeAccessPolicyWindow over a whole buffer: hits persist in L2 with
  /// probability `hit_ratio`, misses stream.
  struct AccessPolicy {
    BufferId buffer;
    double hit_ratio = 0.0;
  };
  std::optional<AccessPolicy> access_policy;
  /// cudaLaunchAttributeDeviceUpdatableKernelNode: the node's cudaGraphDeviceNode_t is what
  /// `&NAME` passes to the kernels that update it from the device.
  bool device_updatable = false;
  bool any() const {
    return priority || cluster[0] != 0 || cooperative || remote_sync_domain || carveout || access_policy ||
           device_updatable;
  }
};

/// `kernel NAME : FUNC<<<grid, block(, smem)?>>>(args) [attributes]?;` -> CUDA kernel node.
struct KernelNode {
  std::string function;  // as written: `axpy`, `ns::scale<float>`, ...
  SourceRange function_range;
  std::vector<Expr> grid;   // 1 to 3 expressions: x, or (x, y, z)
  std::vector<Expr> block;  // 1 to 3 expressions
  OptionalExpr shared_memory;
  std::vector<KernelArg> args;
  std::vector<KernelAttribute> attributes;
  LaunchAttributes launch;  // resolved
  /// Resolved from `device(i)`: the CUDA device the node runs on (made current as it is
  /// added, cudaSetDevice); none: the device the graph is built on.
  std::optional<int> device;
  /// Resolved from `reads(...)` and `writes(...)`: buffers the kernel states it only reads or
  /// only writes (both: reads and writes), where its signature cannot say.
  std::vector<BufferId> reads, writes;
  std::array<std::uint32_t, 3> grid_dims{1, 1, 1};   // resolved
  std::array<std::uint32_t, 3> block_dims{1, 1, 1};  // resolved
  std::uint32_t shared_memory_bytes = 0;             // resolved
};

/// How a copy moves memory; back ends map it to cudaMemcpyKind.
enum class CopyKind : std::uint8_t { host_to_device, device_to_host, device_to_device, host_to_host, unified };

/// `copy NAME : dst <- src (bytes expr)?;` -> CUDA memcpy node: 1-D, or between two 2-D
/// buffers a box of length_value rows of columns_value elements (cudaMemcpy3DParms with
/// pitched pointers, positions and an extent of depth 1).
struct CopyNode {
  BufferSlice dst;
  BufferSlice src;
  OptionalExpr bytes;
  std::uint64_t bytes_value = 0;      // resolved
  CopyKind kind = CopyKind::unified;  // resolved, from the buffers' spaces
};

/// `memset NAME : dst = value;` -> CUDA memset node; the element size (1, 2 or 4 bytes)
/// comes from the buffer's type, of a vector buffer from its component: every lane is set,
/// so CUDA's width counts `lanes` per buffer element. Of a 2-D buffer it sets a box: height
/// rows of width elements, `pitch` bytes apart.
struct MemsetNode {
  BufferSlice dst;
  Expr value;
  std::uint32_t element_size = 0;  // resolved
  std::uint32_t lanes = 1;         // resolved: memset elements per buffer element
  std::uint32_t value_bits = 0;    // resolved: the value in the element's representation
};

/// What a node written `KEYWORD NAME : FUNCTION(args);` holds: the function as written and its
/// arguments. The IR struct of a kind of that form (Statement::function_call in
/// graphc/base/node_kinds.def) derives from it, and the front ends build it, and the printers
/// write it, by the kind's row alone.
struct FunctionCall {
  std::string function;  // as written, normalised: `cublas.gemm<T, N>`, `spmv`, `ns::step`
  SourceRange function_range;
  /// Resolved as kernel arguments are: a buffer (advanced by `offset` elements), a param
  /// (its current value) or a compile-time value; never a cond or `@g`.
  std::vector<KernelArg> args;
  SourceRange args_range;  // `(...)`
};

/// `host NAME : FUNC(args);` -> CUDA host node (cudaGraphNodeTypeHost) calling the function
/// the host program registers. Its arguments reach the function as one block laid out as a
/// C struct of their types in order (ir/host_args.h): a buffer's pointer, a param's current
/// value, a compile-time value; never a cond (E0220), `nullptr` or `@g`.
struct HostNode : FunctionCall {};

/// `empty NAME;` -> CUDA empty node.
struct EmptyNode {};

/// `if NAME (c) { } (else { })?`, `while NAME (c) { }`, `switch NAME (c) { case 0 { } ... }`
/// -> CUDA conditional node (cudaGraphNodeTypeConditional) of type IF (size 1 or 2),
/// WHILE (size 1) or SWITCH (one body per case), whose body graphs CUDA creates with the
/// node (phGraph_out).
struct ConditionalNode {
  enum class Type : std::uint8_t { if_, while_, switch_ };
  Type type = Type::if_;
  std::string cond;
  SourceRange cond_range;
  std::vector<BodyId> bodies;  // IF: then (, else); WHILE: the loop body; SWITCH: case 0, 1, ...
  std::vector<Expr> cases;     // SWITCH: the value written after each `case`, per body
  CondId cond_id;              // resolved
};

/// `record NAME : EVENT;` -> CUDA event record node (cudaGraphNodeTypeEventRecord).
struct EventRecordNode {
  std::string event;
  SourceRange event_range;
  EventId id;  // resolved
};

/// `wait NAME : EVENT;` -> CUDA event wait node (cudaGraphNodeTypeWaitEvent).
struct EventWaitNode {
  std::string event;
  SourceRange event_range;
  EventId id;  // resolved
};

/// `alloc NAME : type[count];` -> CUDA mem alloc node (cudaGraphNodeTypeMemAlloc): device
/// memory of the current device (cudaMemAllocationTypePinned), count * element size bytes.
/// Its type and count live in `buffer`, the memory its name stands for in buffer uses.
struct AllocNode {
  BufferId buffer;  // set by the front end: the Buffer it declares (same name)
};

/// `free NAME : ALLOC;` -> CUDA mem free node (cudaGraphNodeTypeMemFree) of the memory of
/// the alloc node ALLOC.
struct FreeNode {
  std::string alloc;
  SourceRange alloc_range;
  NodeId alloc_id;  // resolved: the alloc node
  BufferId buffer;  // resolved: its memory
};

/// `call NAME : GRAPH(args);` -> CUDA child graph node (cudaGraphNodeTypeGraph): graph
/// GRAPH built with its parameters bound to the arguments, in order, and moved into the
/// node (cudaGraphChildGraphOwnershipMove: no copy, and the only way CUDA accepts a child
/// graph with memory nodes). Each call builds its own child graph, so one graph serves many
/// places with different buffers and values.
struct ChildGraphNode {
  std::string graph;
  SourceRange graph_range;
  /// Resolved as kernel arguments are: a buffer (advanced by `offset` elements) for a buffer
  /// parameter; a param of the caller (its current value) or a compile-time value, converted
  /// to the parameter's type, for a scalar parameter.
  std::vector<KernelArg> args;
  SourceRange args_range;  // `(...)`; invalid when the call has no parentheses
  GraphId graph_id;        // resolved
};

/// `capture NAME : FUNC(args);` -> CUDA child graph node (cudaGraphNodeTypeGraph) whose
/// graph comes from stream capture: the back end calls FUNC with a stream capturing into a
/// fresh graph (cudaStreamBeginCaptureToGraph, cudaStreamCaptureModeThreadLocal) and moves
/// that graph into the node (cudaGraphChildGraphOwnershipMove). FUNC is a built-in library
/// operation (a dotted name, ir/library_ops.h: `cublas.gemm<T, N>`) or a function the host
/// program registers (Bindings::capture at run time, a member of the generated Bindings).
struct CaptureNode : FunctionCall {
  LibraryCall library;  // resolved: the operation when FUNC names one (op none otherwise)
};

/// `collective NAME : nccl.OP<REDUCE>(COMM, send, recv[, root]);` -> CUDA child graph node
/// (cudaGraphNodeTypeGraph) whose graph is the NCCL call captured on a stream, as a capture
/// node's is: ncclAllReduce, ncclAllGather, ncclReduceScatter, ncclBroadcast or ncclReduce
/// over communicator COMM, from buffer `send` into buffer `recv` (the same buffer: in place).
/// The operations and what each takes are ir/collective_ops.h's table.
struct CollectiveNode : FunctionCall {
  CollectiveCall collective;  // resolved
};

struct Node {
  std::string name;
  SourceRange name_range;
  SourceRange range;  // the whole declaration
  BodyId body;        // the body graph it is in; invalid: the graph itself
  /// Added by the optimiser, not declared in a file (opt::join_roots): a kernel node of
  /// kNoopKernel whose ranges are the graph's name. Back ends take its kernel from graphc,
  /// not from the file's modules.
  bool synthetic = false;
  /// Resolved: the params that the node's configuration uses (a kernel node's grid, block
  /// and shared memory; a copy's slices and size; a memset's slice and value), in order of
  /// first use; empty when it is fixed at compile time. A new value of one of them folds
  /// the configuration again (sema/node_config.h) and updates the node in the exec.
  std::vector<ParamId> config_params;
  std::variant<KernelNode, CopyNode, MemsetNode, HostNode, EmptyNode, ConditionalNode, EventRecordNode, EventWaitNode,
               AllocNode, FreeNode, ChildGraphNode, CaptureNode, CollectiveNode>
      op;
};

/// The function of a synthetic kernel node: a kernel with no parameters that does nothing.
/// The runtime loads it from PTX it carries; the generated .cu defines it
/// (`graphc::noop_kernel`, in an unnamed namespace).
inline constexpr std::string_view kNoopKernel = "graphc::noop_kernel";

/// "kernel", "copy", "memset", "host", "empty", "if", "while", "switch", "record", "wait",
/// "alloc", "free", "call", "capture".
std::string_view kind_name(const Node& node);

/// "if", "while", "switch".
std::string_view type_name(ConditionalNode::Type type);

/// CUDA edge data ports (cudaGraphEdgeData).
enum class EdgePort : std::uint8_t { default_, programmatic, launch_completion };

/// One dependency `from -> to`. A chain `a -> b -> c` is two edges.
struct Edge {
  std::string from;
  std::string to;
  SourceRange from_range;
  SourceRange to_range;
  SourceRange range;  // the arrow
  BodyId body;        // the body graph whose statement it is; invalid: the graph itself
  EdgePort port = EdgePort::default_;
  SourceRange port_range;  // the port's word in `->[port]`; invalid for the default port
  NodeId from_id;          // resolved
  NodeId to_id;            // resolved
};

/// One body graph of a conditional node: `{ ... }` after `if`, `else`, `while` or `case n`.
/// CUDA owns it as a cudaGraph_t inside its conditional node; its nodes and edges are
/// those of the graph whose `body` is this one's id.
struct Body {
  NodeId conditional;       // the conditional node it belongs to
  std::uint32_t index = 0;  // which of its bodies: phGraph_out[index]
  BodyId parent;            // the body that holds the conditional node; invalid: the graph itself
  SourceRange range;        // from the keyword (`if`, `else`, `while`, `case`) to the closing brace
};

/// One parameter of a graph, `x : f32[N] device`, `s : f32` or `c : comm`: a buffer, a param
/// or a communicator of the graph whose memory, value or communicator each call binds. A
/// graph instantiated on its own (not called) treats them as its own buffers, params and
/// communicators.
struct Parameter {
  enum class Kind : std::uint8_t { buffer, scalar, comm };
  Kind kind = Kind::buffer;
  BufferId buffer;  // kind == buffer: in Graph::buffers
  ParamId param;    // kind == scalar: in Graph::params
  CommId comm;      // kind == comm (`c : comm`): in Graph::comms, the caller's communicator in each call
};

/// A graph declaration: its declarations, and its nodes and edges, including those of the
/// body graphs of its conditional nodes. A graph and its bodies share one namespace (a
/// node name is unique across all of them, and bodies see the graph's declarations), so
/// body nodes live in `nodes`, marked with the body they are in, rather than in a graph of
/// their own.
struct Graph {
  std::string name;
  SourceRange name_range;
  SourceRange range;
  /// `[device_launch]`: instantiated with cudaGraphInstantiateFlagDeviceLaunch, so that a
  /// kernel can launch it (cudaGraphLaunch on the device); invalid when absent.
  SourceRange device_launch;
  /// Declared in a file that the module's file imports (directly or not), not in that file.
  bool imported = false;
  std::vector<Parameter> parameters;  // in declaration order; their buffers and params come first in those tables
  std::vector<Const> consts;
  std::vector<Param> params;
  std::vector<Buffer> buffers;
  std::vector<Cond> conds;
  std::vector<Body> bodies;
  std::vector<Node> nodes;
  std::vector<Edge> edges;
  std::vector<Event> events;
  std::vector<Comm> comms;
  /// The optimiser's creation priority per NodeId (opt::order_creation): among the nodes
  /// ready at one step of ir::creation_order, the lowest rank is created first. Empty (-O0):
  /// the first in IR order.
  std::vector<std::uint32_t> creation_rank;

  std::optional<NodeId> find_node(std::string_view name) const;
  std::optional<BufferId> find_buffer(std::string_view name) const;
  std::optional<ParamId> find_param(std::string_view name) const;
  std::optional<ConstId> find_const(std::string_view name) const;
  std::optional<CondId> find_cond(std::string_view name) const;
  std::optional<EventId> find_event(std::string_view name) const;
  std::optional<CommId> find_comm(std::string_view name) const;
  const Node& node(NodeId id) const { return nodes.at(id.value); }
  const Buffer& buffer(BufferId id) const { return buffers.at(id.value); }
  const Param& param(ParamId id) const { return params.at(id.value); }
  const Cond& cond(CondId id) const { return conds.at(id.value); }
  const Event& event(EventId id) const { return events.at(id.value); }
  const Comm& comm(CommId id) const { return comms.at(id.value); }
  const Body& body(BodyId id) const { return bodies.at(id.value); }
  /// Whether `edge` leads from or to a synthetic node (Node::synthetic), which the
  /// optimiser added with it.
  bool synthetic(const Edge& edge) const { return node(edge.from_id).synthetic || node(edge.to_id).synthetic; }
  /// Where buffer `id`'s memory is: a view's root buffer and its byte offset in it (both
  /// resolved by sema); any other buffer itself at offset 0. Every back end turns a buffer
  /// into a pointer through this.
  struct Storage {
    BufferId root;
    std::uint64_t offset = 0;  // bytes
  };
  Storage storage(BufferId id) const;
  /// The mem alloc node whose memory buffer `id` is or views; invalid for other memory.
  NodeId alloc_of(BufferId id) const { return buffer(storage(id).root).alloc; }
  /// Whether an alloc node has no free node in the graph (its memory outlives a launch).
  bool has_unfreed_alloc() const;
  /// Whether a buffer or param is one of the graph's parameters.
  bool is_parameter(BufferId id) const;
  bool is_parameter(ParamId id) const;
  bool is_parameter(CommId id) const;
  /// Whether body `inner` is `outer` or nested in it (any body is inside the graph itself,
  /// an invalid `outer`).
  bool body_within(BodyId inner, BodyId outer) const;
};

/// `module "file";`: where kernels come from (.cu, .ptx, .cubin, .fatbin), relative to the
/// declaring file.
struct ModuleDecl {
  std::string path;      // as written
  std::string resolved;  // relative to the current directory (joined with the file's folder)
  SourceRange range;
  /// A .cu module: NVRTC compiles it, and its kernels are found by NVRTC's lowered names;
  /// any other is a file of compiled kernels found by symbol.
  bool compiled_by_nvrtc() const { return resolved.ends_with(".cu"); }
};

/// `import "other.graph";`: the graphs of another file, relative to the importing file.
struct Import {
  std::string path;      // as written
  std::string resolved;  // relative to the current directory (joined with the file's folder)
  SourceRange range;
};

/// `name : type` or `name : type*` in a struct declaration: a scalar of a graphc type, or a
/// pointer to elements of one (a buffer's device pointer, or `nullptr`).
struct StructField {
  std::string name;
  SourceRange name_range;
  SourceRange range;
  ScalarType type = ScalarType::f32;
  bool pointer = false;
  std::uint32_t offset = 0;  // resolved: offsetof, by the C ABI (each field at the next multiple of its alignment)
  std::size_t size() const { return pointer ? 8 : type_size(type); }
};

/// `struct NAME { field : type; ... }`: a C struct that kernels take by value, declared
/// at the top of a file for the file's graphs and its importers. NAME is the C++ name of
/// the user's struct (`SaxpyArgs`, `ns::Args`), which generated code constructs by name.
struct StructDecl {
  std::string name;
  SourceRange name_range;
  SourceRange range;
  bool imported = false;  // declared in a file that the module's file imports
  std::vector<StructField> fields;
  std::uint32_t size = 0;       // resolved: sizeof, rounded up to the alignment
  std::uint32_t alignment = 1;  // resolved: the largest field alignment
};

/// Everything parsed from one file and the files it imports: their graphs share one
/// namespace, and their modules are searched for kernels in load order.
struct Module {
  std::string path;                 // the file as given
  std::vector<ModuleDecl> modules;  // the file's, then each imported file's (a path once)
  std::vector<Import> imports;      // the file's own
  std::vector<Graph> graphs;        // the file's, then the imported ones (Graph::imported)
  std::vector<StructDecl> structs;  // the file's, then the imported ones (StructDecl::imported)

  std::optional<GraphId> find_graph(std::string_view name) const;
  /// Per GraphId: whether a call node of any graph calls it (a child graph of its caller).
  std::vector<bool> called_graphs() const;
  std::optional<StructId> find_struct(std::string_view name) const;
  const StructDecl& struct_decl(StructId id) const { return structs.at(id.value); }
  const Graph& graph(GraphId id) const { return graphs.at(id.value); }
  /// Whether graph `id`, or a graph it calls (transitively), has an alloc node with no
  /// free node: instantiated graphs then need cudaGraphInstantiateFlagAutoFreeOnLaunch.
  bool has_unfreed_alloc(GraphId id) const;
  /// Whether graph `id`, or a graph it calls (transitively), has a kernel node with a
  /// priority: instantiated graphs then need cudaGraphInstantiateFlagUseNodePriority.
  bool uses_node_priority(GraphId id) const;
  /// Whether `test` holds for graph `id` or a graph it calls (transitively).
  bool any_in_call_tree(GraphId id, const std::function<bool(const Graph&)>& test) const;
  /// The first node the optimiser added (Node::synthetic) in any graph, if there is one:
  /// back ends then provide kNoopKernel.
  const Node* first_synthetic() const;
};

}  // namespace graphc::ir
