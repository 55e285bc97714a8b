// Building a graph of a Program into an instance: resolve its kernels, allocate its
// buffers, add its nodes, instantiate, and do the same for every graph it launches from
// the device. Program::instantiate and Instance::reload share it.
#pragma once

#include <cuda_runtime_api.h>

#include <memory>
#include <vector>

#include "graphc/bindings.h"
#include "instance/instance_state.h"

namespace graphc::detail {

/// Graph `root` and the graphs it launches from kernels (`@g`), transitively, each once,
/// `root` first.
std::vector<ir::GraphId> launch_closure(const ir::Module& module, ir::GraphId root);

/// Resolves the kernels of graph `id` (and of the graphs it calls), allocates its buffers
/// (reusing those of `reuse` that are unchanged: BufferSet::create), creates its events and
/// builds its cudaGraph_t, not instantiated. Keeps a copy of `bindings`. Throws R00xx as
/// Program::instantiate documents. With `live`, the graph is prepared against that built
/// graph rather than built (build_graph's value path). Its capture nodes use `captures`
/// (shared with other instances), or resources of its own when that is null.
std::unique_ptr<InstanceState> build_instance(const std::shared_ptr<ProgramState>& program, ir::GraphId id,
                                              const Bindings& bindings, const BufferSet* reuse,
                                              const BuiltGraph* live = nullptr,
                                              std::shared_ptr<CaptureResources> captures = nullptr);

/// cudaGraphInstantiateWithParams of `built`, a graph built for `state`'s graph (its own,
/// or one built anew from its current values), with the flags instantiate_exec uses.
ExecHandle instantiate_built(const InstanceState& state, const BuiltGraph& built);

/// cudaGraphInstantiateWithParams of `state`'s graph, for device launch when it is declared
/// so and with auto-free when an allocation is never freed, after the graph retained the
/// new exec's keeper (Instance::release); R0001 naming the node that made it fail.
void instantiate_exec(InstanceState& state);

/// Program::instantiate's work, the modules loaded: checks `bindings`, builds and
/// instantiates `root` and every graph it launches, gives each `@g` argument its exec and
/// uploads them all on `stream`. The states in launch_closure order. `reuse`: the instance
/// being reloaded, whose unchanged buffers `root` keeps. `captures`: the resources `root`'s
/// capture nodes share with other instances; null: its own.
std::vector<std::unique_ptr<InstanceState>> instantiate_closure(const std::shared_ptr<ProgramState>& program,
                                                                ir::GraphId root, const Bindings& bindings,
                                                                cudaStream_t stream, const InstanceState* reuse,
                                                                std::shared_ptr<CaptureResources> captures = nullptr);

}  // namespace graphc::detail
