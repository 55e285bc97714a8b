// ir::host_args_layout lays a host node's arguments out as the C++ compiler lays out the
// struct of their types (checked against offsetof and sizeof of the same struct), which
// both back ends rely on to serve one host function.
#include <catch2/catch.hpp>

#include <cstddef>
#include <cstdint>

#include "ir/host_args.h"

using namespace graphc::ir;

namespace {

KernelArg buffer_arg(std::uint32_t id, std::int64_t offset) {
  KernelArg arg;
  arg.kind = KernelArg::Kind::buffer;
  arg.buffer = BufferId{id};
  arg.offset = offset;
  return arg;
}

KernelArg param_arg(std::uint32_t id) {
  KernelArg arg;
  arg.kind = KernelArg::Kind::param;
  arg.param = ParamId{id};
  return arg;
}

KernelArg value_arg(Scalar value) {
  KernelArg arg;
  arg.kind = KernelArg::Kind::value;
  arg.value = value;
  return arg;
}

// buffer f64 "y", param f32 "scale".
Graph graph_with_declarations() {
  Graph graph;
  graph.buffers.resize(1);
  graph.buffers[0].name = "y";
  graph.buffers[0].type = ScalarType::f64;
  graph.params.resize(1);
  graph.params[0].name = "scale";
  graph.params[0].type = ScalarType::f32;
  return graph;
}

// What `f(u8(1), y + 2, scale, i16(3), 1.5f)` is in C++.
struct Mixed {
  std::uint8_t a;
  double* y;
  float scale;
  std::int16_t b;
  float c;
};

}  // namespace

TEST_CASE("a host node's argument block is the C struct of its argument types in order", "[ir]") {
  const Graph graph = graph_with_declarations();
  HostNode host;
  host.function = "f";
  host.args = {value_arg(Scalar::of_integer(ScalarType::u8, 1)), buffer_arg(0, 2), param_arg(0),
               value_arg(Scalar::of_integer(ScalarType::i16, 3)), value_arg(Scalar::of_float(ScalarType::f32, 1.5))};
  const HostArgsLayout layout = host_args_layout(graph, host);
  REQUIRE(layout.fields.size() == 5);
  CHECK(layout.fields[0].offset == offsetof(Mixed, a));
  CHECK(layout.fields[1].offset == offsetof(Mixed, y));
  CHECK(layout.fields[2].offset == offsetof(Mixed, scale));
  CHECK(layout.fields[3].offset == offsetof(Mixed, b));
  CHECK(layout.fields[4].offset == offsetof(Mixed, c));
  CHECK(layout.size == sizeof(Mixed));
  CHECK(layout.alignment == alignof(Mixed));
  CHECK(layout.fields[1].pointer);
  CHECK(layout.fields[1].type == ScalarType::f64);
  CHECK(layout.fields[1].size == 8);
  CHECK(host_args_signature(layout) == "std::uint8_t, double*, float, std::int16_t, float");
}

TEST_CASE("a host node without pointers is aligned to its widest scalar, one without arguments is empty", "[ir]") {
  const Graph graph = graph_with_declarations();
  HostNode host;
  host.args = {param_arg(0), value_arg(Scalar::of_integer(ScalarType::u8, 7))};
  const HostArgsLayout small = host_args_layout(graph, host);
  CHECK(small.size == 8);  // struct { float; std::uint8_t; }
  CHECK(small.alignment == 4);
  CHECK(small.fields[1].offset == 4);

  host.args.clear();
  const HostArgsLayout none = host_args_layout(graph, host);
  CHECK(none.fields.empty());
  CHECK(none.size == 0);
  CHECK(none.alignment == 1);
  CHECK(host_args_signature(none).empty());
}

namespace {

// float3 and float4 as vector_types.h declares them: 12 bytes aligned to 4, 16 aligned to 16.
struct Float3 {
  float x, y, z;
};
struct alignas(16) Float4 {
  float x, y, z, w;
};
// What `f(u8(1), lanes3, lanes4)` is in C++, for float3 and float4 params.
struct Vectors {
  std::uint8_t a;
  Float3 lanes3;
  Float4 lanes4;
};

}  // namespace

TEST_CASE("a vector param in a host node's block is aligned as CUDA declares its type", "[ir]") {
  Graph graph;
  graph.params.resize(2);
  graph.params[0].type = ScalarType::float3;
  graph.params[1].type = ScalarType::float4;
  HostNode host;
  host.args = {value_arg(Scalar::of_integer(ScalarType::u8, 1)), param_arg(0), param_arg(1)};
  const HostArgsLayout layout = host_args_layout(graph, host);
  REQUIRE(layout.fields.size() == 3);
  CHECK(layout.fields[1].offset == offsetof(Vectors, lanes3));
  CHECK(layout.fields[1].size == sizeof(Float3));
  CHECK(layout.fields[2].offset == offsetof(Vectors, lanes4));
  CHECK(layout.size == sizeof(Vectors));
  CHECK(layout.alignment == alignof(Vectors));
  CHECK(host_args_signature(layout) == "std::uint8_t, float3, float4");
}
