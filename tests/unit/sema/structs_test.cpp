// Structs by value: layout by the C ABI, and aggregate arguments resolved against their
// struct's fields.
#include <catch2/catch.hpp>

#include "sema_test_support.h"

using namespace graphc;
using graphc::ir::KernelArg;
using graphc::test::analyze_text;
using graphc::test::single_diag;

TEST_CASE("structs are laid out by the C ABI: fields aligned to their size, size a multiple of the largest", "[sema]") {
  const auto a = analyze_text(R"(struct A { c : char; d : f64; h : f16; }
struct B { x : f32*; a : f32; c : char; n : i32; }
struct C { c : u8; s : i16; b : bf16; }
graph g {}
)");
  REQUIRE(a->sorted().empty());
  const auto& s = a->module.structs;
  CHECK(s[0].fields[1].offset == 8);
  CHECK(s[0].fields[2].offset == 16);
  CHECK(s[0].size == 24);
  CHECK(s[0].alignment == 8);
  CHECK(s[1].fields[1].offset == 8);
  CHECK(s[1].fields[2].offset == 12);
  CHECK(s[1].fields[3].offset == 16);
  CHECK(s[1].size == 24);
  CHECK(s[2].fields[1].offset == 2);
  CHECK(s[2].fields[2].offset == 4);
  CHECK(s[2].size == 6);
  CHECK(s[2].alignment == 2);
}

TEST_CASE("an aggregate's values resolve to buffers, params, nullptr and values of the field's type", "[sema]") {
  const auto a = analyze_text(R"(struct S { x : f32*; y : f32*; s : f32; c : char; n : i64; }
graph g {
  buffer d : f32[64] device;
  param scale : f32 = 2.0;
  kernel k : f<<<1, 1>>>(S{d + 4, nullptr, scale, 65, 64}, 1);
}
)");
  REQUIRE(a->sorted().empty());
  const auto& args = std::get<ir::KernelNode>(a->node("k").op).args;
  REQUIRE(args.size() == 2);
  const KernelArg& s = args[0];
  CHECK(s.kind == KernelArg::Kind::aggregate);
  CHECK(s.struct_id.value == 0);
  CHECK(s.struct_size == 32);
  REQUIRE(s.fields.size() == 5);
  CHECK(s.fields[0].kind == KernelArg::Kind::buffer);
  CHECK(s.fields[0].offset == 4);
  CHECK(s.fields[1].kind == KernelArg::Kind::null_pointer);
  CHECK(s.fields[1].field_offset == 8);
  CHECK(s.fields[2].kind == KernelArg::Kind::param);
  CHECK(s.fields[3].value == ir::Scalar::of_integer(ir::ScalarType::c8, 65));
  CHECK(s.fields[3].field_offset == 20);
  CHECK(s.fields[4].value == ir::Scalar::of_integer(ir::ScalarType::i64, 64));
  CHECK(s.fields[4].field_offset == 24);
  CHECK(ir::leaf_args(args).size() == 6);
}

TEST_CASE("a 2-D buffer's pitch fills a u64 field, and no other", "[sema]") {
  const auto a = analyze_text(R"(struct Image { data : f32*; pitch : u64; }
graph g {
  buffer img : f32[8][16] device;
  kernel k : f<<<1, 1>>>(Image{img, pitch(img)});
}
)");
  REQUIRE(a->sorted().empty());
  const auto& fields = std::get<ir::KernelNode>(a->node("k").op).args.at(0).fields;
  CHECK(fields.at(1).kind == KernelArg::Kind::pitch);
  CHECK(fields.at(1).field_offset == 8);
  const auto b = analyze_text(R"(struct Image { data : f32*; pitch : i32; }
graph g {
  buffer img : f32[8][16] device;
  kernel k : f<<<1, 1>>>(Image{img, pitch(img)});
}
)");
  single_diag(*b, DiagCode::struct_field_value, "4:37",
              "field 'pitch' of struct 'Image' is i32, but argument 1 of kernel 'k' passes the pitch of 'img', a u64");
}

TEST_CASE("aggregate errors: unknown struct, count, field kinds and types, range, pageable memory", "[sema]") {
  const std::string structs = "struct S { x : f32*; n : i32; }\n";
  {
    const auto a = analyze_text(structs + "graph g {\n  kernel k : f<<<1, 1>>>(T{nullptr, 1});\n}\n");
    single_diag(*a, DiagCode::unknown_struct, "3:26", "unknown struct 'T'");
  }
  {
    const auto a = analyze_text(structs + "graph g {\n  kernel k : f<<<1, 1>>>(1, S{nullptr});\n}\n");
    single_diag(*a, DiagCode::struct_value_count, "3:29",
                "argument 2 of kernel 'k' gives 1 value for struct 'S', which has 2 fields; C++ aggregate "
                "initialisation takes one value per field, in order");
  }
  {
    const auto a =
        analyze_text(structs + "graph g {\n  param p : u32 = 1;\n  kernel k : f<<<1, 1>>>(S{nullptr, p});\n}\n");
    single_diag(*a, DiagCode::struct_field_value, "4:37",
                "field 'n' of struct 'S' is i32, but argument 1 of kernel 'k' passes param 'p' of type u32");
  }
  {
    const auto a = analyze_text(structs + "graph g {\n  kernel k : f<<<1, 1>>>(S{1.5, 1});\n}\n");
    single_diag(*a, DiagCode::struct_field_value, "3:28",
                "field 'x' of struct 'S' is f32*, but argument 1 of kernel 'k' passes the value 1.5 of type f64");
  }
  {
    const auto a = analyze_text(structs + "graph g {\n  kernel k : f<<<1, 1>>>(S{nullptr, 3000000000});\n}\n");
    single_diag(*a, DiagCode::value_out_of_range, "3:37", "value 3000000000 does not fit in type i32");
  }
  {
    const auto a =
        analyze_text(structs + "graph g {\n  buffer h : f32[4] pageable;\n  kernel k : f<<<1, 1>>>(S{h, 1});\n}\n");
    CHECK(a->sorted().at(0).code == DiagCode::pageable_use);
  }
}
