// CUDA's vector types: buffers and views of them, aggregate arguments `float2{...}` laid
// out as CUDA lays the type out, memsets and initial contents lane by lane, and the places
// where only a scalar goes.
#include <catch2/catch.hpp>

#include "sema_test_support.h"

using namespace graphc;
using graphc::ir::KernelArg;
using graphc::ir::ScalarType;
using graphc::test::analyze_text;
using graphc::test::single_diag;

TEST_CASE("a vector aggregate resolves its lanes as a struct's fields, at CUDA's offsets", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  buffer p : float4[64] device;
  param sx : f32 = 2.0;
  kernel k : f<<<1, 64>>>(p + 2, float2{sx, 0.5f}, int3{1, -2, 3}, half2{1, 2}, 64);
}
)");
  REQUIRE(a->sorted().empty());
  const auto& args = std::get<ir::KernelNode>(a->node("k").op).args;
  REQUIRE(args.size() == 5);
  CHECK(args[0].kind == KernelArg::Kind::buffer);
  CHECK(a->graph().buffer(args[0].buffer).bytes() == 64 * 16);
  const KernelArg& f2 = args[1];
  CHECK(f2.kind == KernelArg::Kind::aggregate);
  CHECK_FALSE(f2.struct_id.valid());  // CUDA's type, not a struct of the module
  CHECK(f2.struct_size == 8);
  CHECK(f2.fields[0].kind == KernelArg::Kind::param);
  CHECK(f2.fields[1].value == ir::Scalar::of_float(ScalarType::f32, 0.5));
  CHECK(f2.fields[1].field_offset == 4);
  CHECK(args[2].struct_size == 12);
  CHECK(args[2].fields[2].field_offset == 8);
  CHECK(args[2].fields[1].value == ir::Scalar::of_integer(ScalarType::i32, -2));
  CHECK(args[3].struct_size == 4);
  CHECK(args[3].fields[1].value.type == ScalarType::f16);
  CHECK(args[3].fields[1].field_offset == 2);
}

TEST_CASE("a vector buffer's memset sets every lane and its initial contents count lanes", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  buffer rgba : uchar4[16] device;
  buffer pairs : half2[16] device;
  buffer pts : float2[2] host = {1, 2, 3, 4};
  buffer idx : int3[4] host = iota(0);
  memset m1 : rgba[2:4] = 255;
  memset m2 : pairs = 1.0;
}
)");
  REQUIRE(a->sorted().empty());
  const auto& m1 = std::get<ir::MemsetNode>(a->node("m1").op);
  CHECK(m1.element_size == 1);
  CHECK(m1.lanes == 4);
  CHECK(m1.value_bits == 0xffu);
  CHECK(m1.dst.length_value == 4);  // elements; CUDA's width is 16 lanes
  const auto& m2 = std::get<ir::MemsetNode>(a->node("m2").op);
  CHECK(m2.element_size == 2);
  CHECK(m2.lanes == 2);
  CHECK(m2.value_bits == 0x3c00u);
  CHECK(a->graph().buffers[2].init.folded.size() == 4);
  CHECK(a->graph().buffers[2].init.folded[3] == ir::Scalar::of_float(ScalarType::f32, 4));
}

TEST_CASE("a list for a vector buffer gives one value per lane (E0210)", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  buffer pts : float2[2] host = {1, 2, 3};
}
)");
  single_diag(*a, DiagCode::init_count, "2:33",
              "initializer of 'pts' has 3 values, but the buffer has 4 lanes (2 float2 elements)");
}

TEST_CASE("iota over a vector buffer's lanes must fit the lane type (E0212)", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  buffer b : uchar4[65] host = iota(0);
}
)");
  single_diag(*a, DiagCode::value_out_of_range, "2:32", "value 259 does not fit in type u8");
}

TEST_CASE("memsets of vectors with 8-byte lanes are refused (E0214)", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  buffer d : double2[4] device;
  memset z : d = 0;
}
)");
  single_diag(*a, DiagCode::bad_memset_target, "3:14",
              "memset 'z' writes 8-byte elements; CUDA memset nodes take elements of 1, 2 or 4 bytes");
}

TEST_CASE("a view of a vector type starts at a multiple of its alignment (E0224)", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  buffer x : f32[64] device;
  view ok3 : float3[4] of x + 1;
  view bad4 : float4[4] of x + 2;
}
)");
  single_diag(*a, DiagCode::view_misaligned, "4:32",
              "view 'bad4' starts 8 bytes into the memory of 'x', which is not a multiple of 16, the alignment of its "
              "float4 elements; CUDA kernels and memset nodes need addresses aligned to the element type");
}

TEST_CASE("a vector param's default folds lane by lane, and the param passes whole", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  const K = 3;
  param tint : float4 = float4{1, 0.5f, K, -2};
  param h : half2;
  param m : int3 = int3{1, K * 2, -1};
  buffer x : float4[8] device;
  kernel k : f<<<1, 8>>>(x, tint, h, m);
}
)");
  REQUIRE(a->sorted().empty());
  const ir::Param& tint = a->graph().params[0];
  REQUIRE(tint.folded_lanes.size() == 4);
  CHECK(tint.folded_lanes[1] == ir::Scalar::of_float(ScalarType::f32, 0.5));
  CHECK(tint.folded_lanes[2] == ir::Scalar::of_float(ScalarType::f32, 3.0));
  CHECK(tint.folded_lanes[3] == ir::Scalar::of_float(ScalarType::f32, -2.0));
  CHECK(a->graph().params[1].folded_lanes == std::vector<ir::Scalar>(2, ir::Scalar::of_float(ScalarType::f16, 0.0)));
  CHECK(a->graph().params[2].folded_lanes[1] == ir::Scalar::of_integer(ScalarType::i32, 6));
  const auto& args = std::get<ir::KernelNode>(a->node("k").op).args;
  CHECK(args[1].kind == KernelArg::Kind::param);
  CHECK(args[3].kind == KernelArg::Kind::param);
}

TEST_CASE("a vector param's default is a vector value of its type, one constant per lane (E0253, E0212)", "[sema]") {
  const auto scalar = analyze_text(R"(graph g {
  param offset : float2 = 0;
}
)");
  single_diag(*scalar, DiagCode::param_default_form, "2:27",
              "the default of param 'offset' is a single value, but the param is float2: write float2{...} with one "
              "constant per lane (2)");
  const auto type = analyze_text(R"(graph g {
  param offset : float2 = float3{1, 2, 3};
}
)");
  single_diag(*type, DiagCode::param_default_form, "2:27",
              "the default of param 'offset' is a value of float3, but the param is float2: write float2{...} with "
              "one constant per lane (2)");
  const auto lanes = analyze_text(R"(graph g {
  param offset : uchar2 = uchar2{1, 256};
  param n : i32 = int2{1, 2};
}
)");
  const auto all = lanes->sorted();
  REQUIRE(all.size() == 2);
  test::check_diag(*lanes, all[0], DiagCode::value_out_of_range, "2:37", "value 256 does not fit in type u8");
  test::check_diag(*lanes, all[1], DiagCode::param_default_form, "3:19",
                   "the default of param 'n' is a value of int2, but the param is i32: a scalar param's default is "
                   "one constant expression");
}

TEST_CASE("a vector param takes part in no expression (E0254, E0211) and passes only as itself (E0234, E0903)",
          "[sema]") {
  const auto config = analyze_text(R"(graph g {
  param blocks : int2;
  buffer x : f32[8] device;
  kernel k : f<<<blocks, 8>>>(x);
}
)");
  single_diag(*config, DiagCode::vector_param_expr, "4:18",
              "param 'blocks' is int2, a CUDA vector type, and cannot take part in an expression: a node's "
              "configuration takes scalars; pass the vector whole as a kernel or host node argument");
  const auto arith = analyze_text(R"(graph g {
  param v : float2;
  kernel k : f<<<1, 8>>>(v * 2);
}
)");
  CHECK(arith->sorted().size() == 1);
  CHECK(arith->sorted()[0].code == DiagCode::bad_kernel_arg);
  const auto lane = analyze_text(R"(graph g {
  param v : float2;
  kernel k : f<<<1, 8>>>(float4{v, 1, 2, 3});
}
)");
  CHECK(lane->sorted().size() == 1);
  CHECK(lane->sorted()[0].code == DiagCode::struct_field_value);
  const auto call = analyze_text(R"(graph layer(v : float2) {
  kernel k : f<<<1, 8>>>(v);
}
graph g {
  param w : float2;
  param s : f32;
  call a : layer(w);
  call b : layer(s);
  call c : layer(1.0f);
}
)");
  const auto calls = call->sorted();
  REQUIRE(calls.size() == 2);
  CHECK(calls[0].code == DiagCode::call_arg_type);
  test::check_diag(*call, calls[1], DiagCode::call_arg_kind, "9:18",
                   "argument 1 of call 'c' passes the value 1, but parameter 'v' of graph 'layer' is a vector "
                   "(float2), which only a param of its type passes");
}

TEST_CASE("struct fields are scalars (E0243), and a struct may not be named as a vector type (E0244)", "[sema]") {
  const auto s = analyze_text(R"(struct P { c : float3; next : float3*; }
graph g {}
)");
  single_diag(*s, DiagCode::vector_scalar, "1:12",
              "field 'c' cannot have the vector type float3: a struct field is a scalar or a pointer; declare a field "
              "per lane, or pass the vector as an argument of its own (float3{...})");
  const auto n = analyze_text(R"(struct int2 { x : i32; y : i32; }
graph g {}
)");
  single_diag(*n, DiagCode::vector_struct_name, "1:8",
              "struct 'int2' has the name of CUDA's vector type, which is built in: pass one as int2{...}, a value per "
              "lane");
}

TEST_CASE("a vector aggregate takes one value per lane, each fitting the lane type", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  kernel k : f<<<1, 1>>>(float2{1, 2, 3}, uchar2{1, 256});
}
)");
  const auto all = a->sorted();
  REQUIRE(all.size() == 2);
  test::check_diag(*a, all[0], DiagCode::struct_value_count, "2:26",
                   "argument 1 of kernel 'k' gives 3 values for struct 'float2', which has 2 fields; C++ aggregate "
                   "initialisation takes one value per field, in order");
  CHECK(a->notes(all[0]) == "'float2' is CUDA's vector type of 2 f32 lanes\n");
  test::check_diag(*a, all[1], DiagCode::value_out_of_range, "2:53", "value 256 does not fit in type u8");
}
