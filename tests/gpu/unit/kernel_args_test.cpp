#include <catch2/catch.hpp>

#include <cstdint>
#include <cstring>

#include "build/kernel_args.h"
#include "modules/check_args.h"

namespace graphc::detail {
namespace {

using ST = ir::ScalarType;

template <class T>
T value_at(void* pointer) {
  T value{};
  std::memcpy(&value, pointer, sizeof(T));
  return value;
}

// buffer f32 "x", buffer i16 "h", param f32 "scale", param i64 "count".
ir::Graph kernel_arg_graph() {
  ir::Graph graph;
  graph.buffers.resize(2);
  graph.buffers[0].name = "x";
  graph.buffers[0].type = ST::f32;
  graph.buffers[1].name = "h";
  graph.buffers[1].type = ST::i16;
  graph.params.resize(2);
  graph.params[0].name = "scale";
  graph.params[0].type = ST::f32;
  graph.params[1].name = "count";
  graph.params[1].type = ST::i64;
  return graph;
}

ir::KernelArg buffer_arg(std::uint32_t id, std::int64_t offset) {
  ir::KernelArg arg;
  arg.kind = ir::KernelArg::Kind::buffer;
  arg.buffer = ir::BufferId{id};
  arg.offset = offset;
  return arg;
}

ir::KernelArg param_arg(std::uint32_t id) {
  ir::KernelArg arg;
  arg.kind = ir::KernelArg::Kind::param;
  arg.param = ir::ParamId{id};
  return arg;
}

ir::KernelArg cond_arg(std::uint32_t id) {
  ir::KernelArg arg;
  arg.kind = ir::KernelArg::Kind::cond;
  arg.cond = ir::CondId{id};
  return arg;
}

ir::KernelArg value_arg(ir::Scalar value) {
  ir::KernelArg arg;
  arg.kind = ir::KernelArg::Kind::value;
  arg.value = value;
  return arg;
}

TEST_CASE("KernelArgs: buffer pointers with element offsets, params, values in their types, handles", "[runtime]") {
  const ir::Graph graph = kernel_arg_graph();
  ir::KernelNode kernel;
  kernel.args = {buffer_arg(0, 3),
                 buffer_arg(1, 0),
                 param_arg(0),
                 value_arg(ir::Scalar::of_integer(ST::i32, 1024)),
                 param_arg(1),
                 param_arg(0),
                 value_arg(ir::Scalar::of_float(ST::f64, 0.5)),
                 cond_arg(1)};
  alignas(8) std::byte x[64];
  alignas(8) std::byte h[64];
  const std::vector<void*> buffers = {x, h};
  const std::vector<Slot> params = {param_slot(ir::Scalar::of_float(ST::f32, 2.0)),
                                    param_slot(ir::Scalar::of_integer(ST::i64, -5))};
  const std::vector<cudaGraphConditionalHandle> conds = {0x1111, 0xabcdef0123ull};
  KernelArgs args(graph, kernel, buffers, {0, 0}, params, conds, {}, {});
  void** p = args.pointers();
  REQUIRE(p != nullptr);
  CHECK(value_at<void*>(p[0]) == x + 3 * sizeof(float));
  CHECK(value_at<void*>(p[1]) == h);
  CHECK(value_at<float>(p[2]) == 2.0f);
  CHECK(value_at<std::int32_t>(p[3]) == 1024);
  CHECK(value_at<std::int64_t>(p[4]) == -5);
  CHECK(value_at<double>(p[6]) == 0.5);
  CHECK(value_at<cudaGraphConditionalHandle>(p[7]) == 0xabcdef0123ull);

  CHECK(args.uses(ir::ParamId{0}));
  CHECK(args.uses(ir::ParamId{1}));
  args.set_param(ir::ParamId{0}, param_slot(ir::Scalar::of_float(ST::f32, -1.5)));
  CHECK(value_at<float>(p[2]) == -1.5f);
  CHECK(value_at<float>(p[5]) == -1.5f);
  CHECK(value_at<std::int64_t>(p[4]) == -5);

  KernelArgs moved = std::move(args);
  CHECK(moved.pointers() == p);  // the slots did not move: CUDA may hold the array's pointers
  CHECK(value_at<float>(moved.pointers()[2]) == -1.5f);
}

// `S{x + 2, scale, char(71), count}` of struct S { p : f32*; s : f32; c : char; n : i64; }:
// fields at 0, 8, 12 and 16 of 24 bytes (3 bytes of padding after c).
ir::KernelArg struct_arg() {
  ir::KernelArg arg;
  arg.kind = ir::KernelArg::Kind::aggregate;
  arg.struct_name = "S";
  arg.struct_size = 24;
  arg.fields = {buffer_arg(0, 2), param_arg(0), value_arg(ir::Scalar::of_integer(ST::c8, 71)), param_arg(1)};
  const std::uint32_t offsets[] = {0, 8, 12, 16};
  for (std::size_t i = 0; i < 4; ++i) arg.fields[i].field_offset = offsets[i];
  return arg;
}

TEST_CASE("KernelArgs: a struct by value, its fields at their offsets, padding zero, fields updated", "[runtime]") {
  const ir::Graph graph = kernel_arg_graph();
  ir::KernelNode kernel;
  kernel.args = {struct_arg(), param_arg(0)};
  alignas(8) std::byte x[64];
  alignas(8) std::byte x2[64];
  const std::vector<void*> buffers = {x, x};
  const std::vector<Slot> params = {param_slot(ir::Scalar::of_float(ST::f32, 2.0)),
                                    param_slot(ir::Scalar::of_integer(ST::i64, -5))};
  KernelArgs args(graph, kernel, buffers, {0, 0}, params, {}, {}, {});
  auto* s = static_cast<std::byte*>(args.pointers()[0]);
  CHECK(value_at<void*>(s) == x + 2 * sizeof(float));
  CHECK(value_at<float>(s + 8) == 2.0f);
  CHECK(value_at<char>(s + 12) == 'G');
  CHECK(value_at<std::int64_t>(s + 16) == -5);
  for (std::size_t pad = 13; pad < 16; ++pad) CHECK(s[pad] == std::byte{0});
  CHECK(value_at<float>(args.pointers()[1]) == 2.0f);

  CHECK(args.uses(ir::ParamId{1}));
  CHECK(args.uses(ir::BufferId{0}));
  CHECK_FALSE(args.uses(ir::BufferId{1}));
  args.set_param(ir::ParamId{0}, param_slot(ir::Scalar::of_float(ST::f32, -1.5)));
  args.set_param(ir::ParamId{1}, param_slot(ir::Scalar::of_integer(ST::i64, 7)));
  args.set_buffer(ir::BufferId{0}, x2);
  CHECK(value_at<float>(s + 8) == -1.5f);
  CHECK(value_at<std::int64_t>(s + 16) == 7);
  CHECK(value_at<void*>(s) == x2 + 2 * sizeof(float));
  CHECK(value_at<char>(s + 12) == 'G');
  CHECK(value_at<float>(args.pointers()[1]) == -1.5f);
  CHECK(arg_size(graph, kernel.args[0]) == 24);
}

TEST_CASE("KernelArgs: pitch(buf) passes the buffer's pitch as a std::size_t, rank(tp) the rank as an int",
          "[runtime]") {
  const ir::Graph graph = kernel_arg_graph();
  ir::KernelArg pitch;
  pitch.kind = ir::KernelArg::Kind::pitch;
  pitch.buffer = ir::BufferId{1};
  ir::KernelArg rank;
  rank.kind = ir::KernelArg::Kind::rank;
  rank.comm = ir::CommId{1};
  ir::KernelNode kernel;
  kernel.args = {buffer_arg(1, 0), pitch, rank};
  alignas(8) std::byte x[64];
  alignas(8) std::byte h[64];
  KernelArgs args(graph, kernel, {x, h}, {0, 512}, {}, {}, {3, 5}, {});
  CHECK(value_at<void*>(args.pointers()[0]) == h);
  CHECK(value_at<std::size_t>(args.pointers()[1]) == 512);
  CHECK(value_at<int>(args.pointers()[2]) == 5);
  CHECK(arg_size(graph, rank) == sizeof(int));
}

TEST_CASE("KernelArgs: &n passes node n's device node handle, set again once n is added", "[runtime]") {
  const ir::Graph graph = kernel_arg_graph();
  ir::KernelNode kernel;
  ir::KernelArg handle;
  handle.kind = ir::KernelArg::Kind::device_node;
  handle.node = "expert";
  handle.node_id = ir::NodeId{1};
  kernel.args = {handle};
  auto* made = reinterpret_cast<cudaGraphDeviceNode_t>(std::uintptr_t{0x5000});
  KernelArgs built(graph, kernel, {}, {}, {}, {}, {}, {nullptr, made});
  CHECK(value_at<cudaGraphDeviceNode_t>(built.pointers()[0]) == made);
  KernelArgs early(graph, kernel, {}, {}, {}, {}, {}, {nullptr, nullptr});  // n not added yet
  CHECK(value_at<cudaGraphDeviceNode_t>(early.pointers()[0]) == nullptr);
  REQUIRE(early.device_nodes() == std::vector<ir::NodeId>{ir::NodeId{1}});
  early.set_device_node(ir::NodeId{1}, made);
  CHECK(value_at<cudaGraphDeviceNode_t>(early.pointers()[0]) == made);
  CHECK(arg_size(graph, handle) == sizeof(cudaGraphDeviceNode_t));
}

TEST_CASE("KernelArgs of a kernel with no parameters passes a null array", "[runtime]") {
  const ir::Graph graph = kernel_arg_graph();
  KernelArgs args(graph, ir::KernelNode{}, {}, {}, {}, {}, {}, {});
  CHECK(args.pointers() == nullptr);
  CHECK_FALSE(args.uses(ir::ParamId{0}));
}

TEST_CASE("arg_size: pointers for buffers, the param's type, the value's own type", "[runtime]") {
  const ir::Graph graph = kernel_arg_graph();
  CHECK(arg_size(graph, buffer_arg(1, 0)) == sizeof(void*));
  CHECK(arg_size(graph, param_arg(0)) == 4);
  CHECK(arg_size(graph, cond_arg(0)) == sizeof(cudaGraphConditionalHandle));
  CHECK(arg_size(graph, param_arg(1)) == 8);
  CHECK(arg_size(graph, value_arg(ir::Scalar::of_integer(ST::i32, 1))) == 4);
  CHECK(arg_size(graph, value_arg(ir::Scalar::of_float(ST::f64, 1))) == 8);
  CHECK(arg_size(graph, value_arg(ir::Scalar::of_float(ST::f16, 1))) == 2);
}

}  // namespace
}  // namespace graphc::detail
