// Struct declarations (`struct S { x : f32*; n : i32; }`) and aggregate kernel arguments
// (`S{x, n}`), in text and YAML; their syntax errors.
#include <catch2/catch.hpp>

#include "frontend_test_support.h"

using graphc::DiagCode;
using graphc::test::expect_error;
using graphc::test::parse_ok;
namespace ir = graphc::ir;

TEST_CASE("struct: C++ name, fields in order with their types and pointers, ranges", "[grammar]") {
  const auto p = parse_ok("struct ns::Args {\n  x : f32*;\n  n : i32 ;\n}\ngraph g {}\n");
  REQUIRE(p->module.structs.size() == 1);
  const ir::StructDecl& s = p->module.structs[0];
  CHECK(s.name == "ns::Args");
  CHECK(p->span(s.name_range) == "1:8-1:16");
  CHECK(p->span(s.range) == "1:1-4:2");
  REQUIRE(s.fields.size() == 2);
  CHECK(s.fields[0].name == "x");
  CHECK(s.fields[0].type == ir::ScalarType::f32);
  CHECK(s.fields[0].pointer);
  CHECK(p->span(s.fields[0].range) == "2:3-2:12");
  CHECK(s.fields[1].name == "n");
  CHECK(s.fields[1].type == ir::ScalarType::i32);
  CHECK_FALSE(s.fields[1].pointer);
  CHECK(p->span(s.fields[1].name_range) == "3:3-3:4");
}

TEST_CASE("an aggregate argument holds one argument per value, and a name alone stays an expression", "[grammar]") {
  const auto p = parse_ok("graph g {\n  kernel k : f<<<1, 1>>>(Args{x, y + 4, nullptr, 2.0f}, n, ::ns::B{1});\n}\n");
  const auto& args = std::get<ir::KernelNode>(p->node("k").op).args;
  REQUIRE(args.size() == 3);
  CHECK(args[0].struct_name == "Args");
  CHECK(p->span(args[0].struct_range) == "2:26-2:30");
  CHECK(p->span(args[0].range) == "2:26-2:55");
  REQUIRE(args[0].fields.size() == 4);
  CHECK(p->text(args[0].fields[1].range) == "y + 4");
  CHECK(args[0].fields[2].null_pointer);
  CHECK(args[1].struct_name.empty());
  CHECK(args[1].expr.name == "n");
  CHECK(args[2].struct_name == "::ns::B");
}

TEST_CASE("struct syntax errors", "[grammar]") {
  expect_error("struct {\n}\n", DiagCode::syntax_error, "1:8",
               "expected the struct's C++ name after 'struct', such as SaxpyArgs or ns::Args");
  expect_error("struct S {\n  x f32;\n}\n", DiagCode::syntax_error, "2:5",
               "expected ':' and the field's type after its name");
  expect_error("struct S {\n  x : f32\n}\n", DiagCode::syntax_error, "2:10",
               "expected '*' or ';' after the field's type");
  expect_error("graph g {\n  kernel k : f<<<1, 1>>>(S{x y});\n}\n", DiagCode::syntax_error, "2:30",
               "expected ',' or '}' after a field's value");
}

TEST_CASE("YAML structs: fields in the order written, `*` for a pointer", "[yaml]") {
  const auto p = parse_ok(R"yaml(structs:
  Args: {x: "f32*", n: i32, c: char}
graphs:
  g:
    buffers: {x: {type: f32, count: 4, space: device}}
    nodes:
      k: {kernel: f, grid: 1, block: 1, args: ["Args{x, 4, char(1)}"]}
)yaml",
                          "t.yaml");
  REQUIRE(p->module.structs.size() == 1);
  const ir::StructDecl& s = p->module.structs[0];
  CHECK(s.name == "Args");
  REQUIRE(s.fields.size() == 3);
  CHECK(s.fields[0].name == "x");
  CHECK(s.fields[0].pointer);
  CHECK(s.fields[1].name == "n");
  CHECK(s.fields[2].type == ir::ScalarType::c8);
  const auto& args = std::get<ir::KernelNode>(p->node("k").op).args;
  REQUIRE(args.size() == 1);
  CHECK(args[0].struct_name == "Args");
  CHECK(args[0].fields.size() == 3);
}
