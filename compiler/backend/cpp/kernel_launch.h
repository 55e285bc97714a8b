// The pieces of a kernel node's parameters (its `<node>_params()`): the typed argument
// list, the kernel function, and the launch configuration.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "backend/cpp/code_writer.h"
#include "backend/cpp/emit_context.h"
#include "ir/graph.h"

namespace graphc::backend {

/// The C++ expression that passes `arg` (a kernel's or a call's): `b.buf + 4`,
/// `nodes.tmp_dptr`, `b.scale`, `2.0f`, `nodes.go`, `b.g_exec`.
std::string argument_expression(const GraphContext& context, const ir::KernelArg& arg);

/// Whether any argument of the kernel node is a param or a graph's exec (`@g`), values the
/// Bindings hold: update_params() resets such nodes.
bool passes_bound_value(const ir::KernelNode& kernel);

/// Whether the kernel of kernel node `node` is a C++ function of the generated program: a
/// `.cu` module's (the file names no library modules), or graphc::noop_kernel, which the
/// generated .cu defines for synthetic nodes. Otherwise it comes from a library module.
bool compiled_in(const GraphContext& context, const ir::Node& node);

/// Writes `auto args = graphc::kernel_args(::f, b.buf, b.param, 1024);` (C++ kernels: the
/// compiler checks each argument against the kernel's signature) or
/// `graphc::KernelArgs<float*, float, int> args{...};` (library kernels: the types the
/// runtime passes), under a #line to the node's declaration.
void write_kernel_args(CodeWriter& out, const GraphContext& context, const ir::Node& node,
                       const ir::KernelNode& kernel);

/// The `func` of the launch: `graphc::kernel_function(::f)`, or for library kernels
/// `graphc::library_kernel({lib0, ...}, "f", "node", "file:line:col")`.
std::string kernel_function(const GraphContext& context, const ir::Node& node, const ir::KernelNode& kernel);

/// Writes `const cudaLibrary_t libN = graphc::load_library(b.module_dir, "path");` for each
/// library module (nothing when the kernels are C++ functions).
void write_library_handles(CodeWriter& out, const GraphContext& context);

/// Writes `p.kernel.gridDim`, `blockDim` and `sharedMemBytes` (when not 0) of kernel node
/// `index` (`p.kernel.func` is set already): the folded values; for a node a param
/// configures, `const graphc::config::Launch config = <node>_config(b);` first, then its
/// fields. Either raises the kernel's shared memory opt-in
/// (cudaFuncAttributeMaxDynamicSharedMemorySize) when it asks for more than 48 KiB.
void write_launch_config(CodeWriter& out, const GraphContext& context, std::size_t index);

/// `dim3(x, y, z)`.
std::string dim3(const std::array<std::uint32_t, 3>& dims);

/// `f<<<(gx, gy, gz), (bx, by, bz), smem>>>` of kernel node `node` for comments (escaped);
/// for a node a param configures, its expressions as written:
/// `f<<<(ceil_div(n, 256)), (256)>>> (configured by params)`.
std::string launch_summary(const ir::Node& node);

}  // namespace graphc::backend
