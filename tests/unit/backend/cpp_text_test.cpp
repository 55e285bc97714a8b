#include <catch2/catch.hpp>

#include <stdexcept>

#include "backend/cpp/cpp_text.h"

using namespace graphc::backend;
using graphc::ir::Scalar;
using graphc::ir::ScalarType;

TEST_CASE("escape keeps printable ASCII and escapes the rest", "[codegen]") {
  CHECK(escape("dir/x.graph") == "dir/x.graph");
  CHECK(escape("a\"b\\c") == "a\\\"b\\\\c");
  CHECK(escape("line\nnext\ttab\rret") == "line\\nnext\\ttab\\rret");
  CHECK(escape(std::string("nul\0x", 5)) == "nul\\000x");
  CHECK(escape("\x7f\xc3\xa9") == "\\177\\303\\251");  // DEL and UTF-8 bytes as octal
  CHECK(string_literal("x.graph:3:5") == "\"x.graph:3:5\"");
  CHECK(string_literal("*/ \"") == "\"*/ \\\"\"");
}

TEST_CASE("declared names become C++ identifiers", "[codegen]") {
  CHECK(identifier("d_data") == "d_data");
  CHECK(identifier("default") == "default_");
  CHECK(identifier("int") == "int_");
  CHECK(identifier("std") == "std_");
  CHECK(identifier("graphc") == "graphc_");
  CHECK(identifier("dim3") == "dim3_");
  CHECK(identifier("cudaBuffer") == "cudaBuffer_");
  CHECK(identifier("CUDA_VERSION") == "CUDA_VERSION_");
  CHECK(identifier("__half") == "__half_");
  CHECK(identifier("_x") == "_x");
  CHECK(identifier("cuda_") == "cuda__");
  CHECK_THROWS_AS(identifier("a-b"), std::logic_error);
  CHECK_THROWS_AS(identifier("1a"), std::logic_error);
  CHECK_THROWS_AS(identifier(""), std::logic_error);
}

TEST_CASE("host and capture functions become Bindings members", "[codegen]") {
  CHECK(function_member("report") == "report");
  CHECK(function_member("solver::step") == "solver_step");
  CHECK(function_member("::solver::step<float, 4>") == "solver_step_float_4");
  CHECK(function_member("done_") == "done_");
  CHECK(function_member("int") == "int_");
}

TEST_CASE("kernel names are qualified from the global namespace", "[codegen]") {
  CHECK(kernel_reference("axpy") == "::axpy");
  CHECK(kernel_reference("::axpy") == "::axpy");
  CHECK(kernel_reference("ns::scale<float>") == "::ns::scale<float>");
  CHECK(kernel_reference("reduce<256, unsigned int>") == "::reduce<256, unsigned int>");
  CHECK(kernel_reference("a::b<c::d<float*>, -1>::run") == "::a::b<c::d<float*>, -1>::run");
  CHECK(kernel_reference("k<(1 > 0), sizeof(float) * 2>") == "::k<(1 > 0), sizeof(float) * 2>");
  CHECK_THROWS_AS(kernel_reference("k(1)"), std::logic_error);
  CHECK_THROWS_AS(kernel_reference("k<1/2>"), std::logic_error);
  CHECK_THROWS_AS(kernel_reference("k<(1>"), std::logic_error);
  CHECK_THROWS_AS(kernel_reference("k<'a'>"), std::logic_error);
  CHECK_THROWS_AS(kernel_reference("k<float"), std::logic_error);
  CHECK_THROWS_AS(kernel_reference("k>"), std::logic_error);
  CHECK_THROWS_AS(kernel_reference("a; system(\"x\")"), std::logic_error);
  CHECK_THROWS_AS(kernel_reference("ns::"), std::logic_error);
  CHECK_THROWS_AS(kernel_reference("k<>"), std::logic_error);
  CHECK_THROWS_AS(kernel_reference(""), std::logic_error);
}

TEST_CASE("#include spells only plain paths", "[codegen]") {
  CHECK(include_directive("kernels/a b.cu") == "#include \"kernels/a b.cu\"");
  CHECK_THROWS_AS(include_directive("a\"b.cu"), std::runtime_error);
  CHECK_THROWS_AS(include_directive("a\\b.cu"), std::runtime_error);
  CHECK_THROWS_AS(include_directive("a\nb.cu"), std::runtime_error);
}

TEST_CASE("floating literals round-trip and always look floating", "[codegen]") {
  CHECK(float_literal(2.0, true) == "2.0f");
  CHECK(float_literal(2.0, false) == "2.0");
  CHECK(float_literal(static_cast<float>(0.1), true) == "0.1f");
  CHECK(float_literal(0.1, false) == "0.1");
  CHECK(float_literal(-1.5, true) == "-1.5f");
  CHECK(float_literal(1e20, false) == "1e+20");
  CHECK(float_literal(1e20, true) == "1e+20f");
  CHECK_THROWS_AS(float_literal(1.0 / 0.0, true), std::logic_error);
}

TEST_CASE("values are written with their exact C++ type", "[codegen]") {
  CHECK(typed_value(Scalar::of_integer(ScalarType::i32, 1024)) == "1024");
  CHECK(typed_value(Scalar::of_integer(ScalarType::i32, -2147483648LL)) == "(-2147483647 - 1)");
  CHECK(typed_value(Scalar::of_integer(ScalarType::u32, 4000000000LL)) == "4000000000u");
  CHECK(typed_value(Scalar::of_integer(ScalarType::i64, 1024)) == "std::int64_t{1024}");
  CHECK(typed_value(Scalar::of_integer(ScalarType::i64, INT64_MIN)) == "std::int64_t{(-9223372036854775807 - 1)}");
  CHECK(typed_value(Scalar::of_integer(ScalarType::u64, -1)) == "std::uint64_t{18446744073709551615u}");
  CHECK(typed_value(Scalar::of_integer(ScalarType::u64, 5)) == "std::uint64_t{5}");
  CHECK(typed_value(Scalar::of_integer(ScalarType::i8, -5)) == "std::int8_t{-5}");
  CHECK(typed_value(Scalar::of_integer(ScalarType::u8, 200)) == "std::uint8_t{200}");
  CHECK(typed_value(Scalar::of_integer(ScalarType::i16, 300)) == "std::int16_t{300}");
  CHECK(typed_value(Scalar::of_integer(ScalarType::u16, 60000)) == "std::uint16_t{60000}");
  CHECK(typed_value(Scalar::of_float(ScalarType::f32, 2.5)) == "2.5f");
  CHECK(typed_value(Scalar::of_float(ScalarType::f64, 0.1)) == "0.1");
  CHECK(typed_value(Scalar::of_float(ScalarType::f16, 0.5)) == "__float2half(0.5f)");
  CHECK(typed_value(Scalar::of_float(ScalarType::bf16, -2.0)) == "__float2bfloat16(-2.0f)");
  CHECK(initializer(Scalar::of_integer(ScalarType::i64, 1024)) == "1024");
  CHECK(initializer(Scalar::of_integer(ScalarType::u32, 7)) == "7u");
  CHECK(initializer(Scalar::of_float(ScalarType::f32, 2.0)) == "2.0f");
}
