// graphc::Bindings: what the host program supplies to Program::instantiate: its own
// memory for buffers, kernels compiled into the host program, host-node callbacks, the
// functions of capture nodes, its own CUDA events, and the NCCL communicators of collective
// nodes.
#pragma once

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "graphc/capture_args.h"

struct ncclComm;  // NCCL's communicator: ncclComm_t is `ncclComm*` (nccl.h)

namespace graphc {

class Communicator;  // graphc/communicator.h

class Bindings {
 public:
  /// Memory the caller owns, used for the graph's buffer `name` instead of an allocation.
  /// `ptr` must be valid for the copies, memsets and kernels that use it (device, pinned
  /// host or managed memory, as the buffer's space says) and `bytes` at least the buffer's
  /// size (count * element size), else instantiate throws R0007. Initial contents declared
  /// in the graph (`= fill(...)` etc.) are not written into bound memory. Binding a name
  /// the graph does not declare is error R0010 at instantiate, an alloc's memory R0020, a
  /// view R0052 (a view has its base's memory: bind the base). A second call for the same
  /// name replaces the first.
  Bindings& buffer(std::string name, void* ptr, std::size_t bytes);
  /// Memory the caller owns for the 2-D buffer `name` (`type[rows][width]`): `rows` rows
  /// starting `pitch_bytes` apart, as cudaMallocPitch returns them. The pitch must hold a
  /// row (width * element size), else instantiate throws R0058, and `rows` at least the
  /// buffer's rows, else R0007. A 2-D buffer bound with buffer() has dense rows. Nodes and
  /// `pitch(name)` kernel arguments use this pitch. 2-D buffers are bound only here, before
  /// the graph is built: Instance::bind and rebind refuse them (R0059). A 1-D buffer bound
  /// here is R0055. A 3-D buffer (`type[depth][rows][width]`) is bound the same way, its
  /// slices one after the other as cudaMalloc3D lays them out: `rows` counts the rows of
  /// every slice (depth * rows; cudaPitchedPtr::pitch is `pitch_bytes`).
  Bindings& pitched(std::string name, void* ptr, std::size_t pitch_bytes, std::size_t rows);

  /// A `__global__` function compiled into the host program, for kernel nodes whose
  /// function is written `name` in the graph (exactly, e.g. "axpy<float>"). Bound kernels
  /// take precedence over modules. Resolved with cudaGetKernel at instantiate; a pointer
  /// that is not a registered kernel makes instantiate throw R0001.
  template <class... A>
  Bindings& kernel(std::string name, void (*fn)(A...)) {
    return kernel_symbol(std::move(name), reinterpret_cast<const void*>(fn));
  }
  /// The same for a kernel's host symbol given untyped (what `(const void*)my_kernel` is).
  Bindings& kernel_symbol(std::string name, const void* symbol);

  /// The callback of host nodes whose function is `name` and that pass no arguments
  /// (`host n : name();`): CUDA calls `fn(user_data)` when the node runs
  /// (cudaHostNodeParamsV2). A host node with no binding is error R0008; a node that passes
  /// arguments needs the typed form below (R0051).
  Bindings& host(std::string name, cudaHostFn_t fn, void* user_data = nullptr);

  /// The function of host nodes whose function is `name`, typed by the struct of their
  /// arguments (`host n : name(y, scale, N);`): when the node runs, CUDA's callback thread
  /// calls `fn(args, user_data)` with `args` the node's arguments as an `Args`, the C struct
  /// of their types in order: a buffer (`y`, `y + k`) as a pointer to its element type
  /// (`float*`; device memory may be passed but not dereferenced on the CPU), a param (its
  /// value as of the launch) or a constant in its own type (`float`, `std::int32_t`). For
  /// `host n : name();` Args is an empty struct. Instantiate checks sizeof(Args) and
  /// alignof(Args) against each node's arguments (R0050). Like every host function, `fn`
  /// must not call CUDA (cudaHostFn_t's rule) and must not throw.
  // clang-format 14 misreads a requires clause:
  // clang-format off
  template <class Args>
    requires(std::is_trivially_copyable_v<Args> && std::is_standard_layout_v<Args>)
  Bindings& host(std::string name, void (*fn)(const Args&, void*), void* user_data = nullptr) {
    // clang-format on
    BoundHost bound;
    if (fn != nullptr) {
      bound.invoke = [](void (*function)(), const void* args, void* data) {
        reinterpret_cast<void (*)(const Args&, void*)>(function)(*static_cast<const Args*>(args), data);
      };
      bound.function = reinterpret_cast<void (*)()>(fn);
    }
    bound.user_data = user_data;
    bound.args_size = std::is_empty_v<Args> ? 0 : sizeof(Args);
    bound.args_alignment = alignof(Args);
    return bind_host(std::move(name), bound);
  }

  /// What the stand-in of an unbound host node receives each time the node runs: the node's
  /// name, its function as written, how many times the node has run in this instance
  /// (1 the first time), and the values of its arguments in order as text
  /// ("0x7f4c2a000000, 2.5, 64"; empty for none).
  struct HostCall {
    std::string_view node;
    std::string_view function;
    std::uint64_t launch = 0;
    std::string_view arguments;
  };
  /// A stand-in for every host node whose function has no Bindings::host callback, instead
  /// of error R0008: CUDA calls `fn` from its callback thread when such a node runs, so it
  /// must neither call CUDA nor throw (an exception is caught and printed to stderr).
  /// `graphc run` prints a line per call, so a graph's host nodes show their order and count.
  Bindings& unbound_hosts(std::function<void(const HostCall&)> fn);

  /// The caller's CUDA event for the graph's `event name;`, used by its record and wait
  /// nodes instead of an event the instance creates: so the host can cudaEventSynchronize
  /// or cudaStreamWaitEvent on it, or graphs can share it. The caller keeps it alive as long
  /// as the instance. Binding a name the graph does not declare is error R0016 at
  /// instantiate; a null event that a record or wait node uses is R0017. A second call for
  /// the same name replaces the first.
  Bindings& event(std::string name, cudaEvent_t event);

  /// This rank's NCCL communicator for the graph's `comm name;`: its collective nodes run
  /// over it (captured into the graph as NCCL requires). Every rank instantiates the same
  /// graph with its own communicator, on the device that communicator was created for
  /// (R0067 otherwise); a communicator the graph uses and no binding gives is R0065. The
  /// caller keeps it alive, and destroys every instance that uses it before ncclCommDestroy
  /// (from NCCL 2.26 that call waits for the graphs that hold its collectives). A second call
  /// for the same name replaces the first.
  Bindings& communicator(std::string name, ncclComm* comm);
  /// The same for a communicator graphc made (graphc/communicator.h): these Bindings and
  /// every Instance built with them keep it alive, so it is destroyed after every exec that
  /// holds its collectives, and Instance::synchronize aborts it when a peer rank dies.
  Bindings& communicator(std::string name, const Communicator& comm);

  /// Gives these Bindings, and every Instance built with them, a reference to `owner`: what
  /// the memory they bind belongs to (a memory pool, a framework's tensor storage, the buffers
  /// a VariantInstances shares among its variants). It lives until the last of them lets go:
  /// for an exec handed away with Instance::release, until CUDA destroys that exec (then it is
  /// destroyed on graphc's reaper thread, with the exec's device current). Repeated calls
  /// keep every owner. Needs no CUDA call.
  Bindings& keep_alive(std::shared_ptr<const void> owner);

  /// The function of capture nodes whose function is `name` (`capture n : name(args);`):
  /// graphc calls it, while building the graph, with a stream that captures into a fresh
  /// graph (cudaStreamBeginCaptureToGraph), and moves what it launched into the node as a
  /// child graph. Any stream work is allowed (cuBLAS, cuSPARSE, cuDNN, CUB, Thrust, NCCL,
  /// `<<<>>>` launches, work forked to other streams and joined back); synchronizing is not.
  /// Instance::set of a param among the node's arguments calls it again and updates the node
  /// (cudaGraphExecChildGraphNodeSetParams). A capture node with no binding is R0040.
  ///
  /// Three forms: an untyped CaptureFn, which reads the arguments itself; a function
  /// pointer `void f(cudaStream_t, float*, int)`; or a lambda of that shape. The typed forms
  /// receive each argument converted: a buffer as a pointer to its element type (`float*`,
  /// `const __half*`, or `void*`), a value or param in its own type exactly; a different count
  /// or type is R0043 at instantiate, naming the node and the argument.
  Bindings& capture(std::string name, CaptureFn fn);
  template <class... A>
  Bindings& capture(std::string name, void (*fn)(cudaStream_t, A...)) {
    return capture(std::move(name), detail::capture_signature<void (*)(cudaStream_t, A...)>::wrap(fn));
  }
  // clang-format 14 misreads a requires clause:
  // clang-format off
  template <class F>
    requires(!std::is_convertible_v<F, CaptureFn> && !std::is_pointer_v<std::decay_t<F>>)
  Bindings& capture(std::string name, F fn) {
    // clang-format on
    return capture(std::move(name), detail::capture_signature<F>::wrap(std::move(fn)));
  }

  struct BoundBuffer {
    void* ptr = nullptr;
    std::size_t bytes = 0;
    std::size_t pitch = 0;  // Bindings::pitched; 0: dense rows
  };
  /// A host function as bound: untyped (`fn`), or typed (`invoke` calls `function`, the
  /// caller's function with its type erased, with an argument block of `args_size` bytes
  /// aligned to `args_alignment`; graphc's own callbacks may leave `function` null).
  struct BoundHost {
    cudaHostFn_t fn = nullptr;
    void* user_data = nullptr;
    void (*invoke)(void (*function)(), const void* args, void* user_data) = nullptr;
    void (*function)() = nullptr;
    std::size_t args_size = 0;
    std::size_t args_alignment = 1;
    bool bound() const { return fn != nullptr || invoke != nullptr; }
  };

  /// Lookups (nullptr when not bound).
  const BoundBuffer* find_buffer(std::string_view name) const;
  const void* find_kernel(std::string_view name) const;
  const BoundHost* find_host(std::string_view name) const;
  const CaptureFn* find_capture(std::string_view name) const;
  /// Bindings::unbound_hosts's stand-in; null when none was given.
  const std::shared_ptr<const std::function<void(const HostCall&)>>& unbound_hosts() const { return unbound_hosts_; }
  /// The bound event (itself null when null was bound), or nullptr when `name` is not bound.
  const cudaEvent_t* find_event(std::string_view name) const;
  /// The bound communicator, or nullptr when `name` is not bound.
  ncclComm* find_communicator(std::string_view name) const;
  /// The communicator graphc made that is bound to `name`, or nullptr when the program's
  /// own ncclComm_t is (or none).
  const Communicator* find_owned_communicator(std::string_view name) const;
  const std::map<std::string, BoundBuffer, std::less<>>& buffers() const { return buffers_; }
  const std::map<std::string, cudaEvent_t, std::less<>>& events() const { return events_; }

 private:
  Bindings& bind_host(std::string name, const BoundHost& bound);

  std::map<std::string, BoundBuffer, std::less<>> buffers_;
  std::map<std::string, const void*, std::less<>> kernels_;
  std::map<std::string, BoundHost, std::less<>> hosts_;
  std::map<std::string, cudaEvent_t, std::less<>> events_;
  std::map<std::string, CaptureFn, std::less<>> captures_;
  std::map<std::string, ncclComm*, std::less<>> communicators_;
  std::map<std::string, std::shared_ptr<const Communicator>, std::less<>> owned_communicators_;
  std::shared_ptr<const std::function<void(const HostCall&)>> unbound_hosts_;
  std::vector<std::shared_ptr<const void>> kept_alive_;
};

}  // namespace graphc
