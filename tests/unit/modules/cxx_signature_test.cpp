#include <catch2/catch.hpp>

#include "modules/cxx_signature.h"

namespace graphc::modules {
namespace {

using ir::ScalarType;
using Kind = ir::KernelParam::Kind;

TEST_CASE("demangle_kernel gives a C++ kernel's name and parameter types", "[modules]") {
  // __global__ void cxx(const float* __restrict__, double*, unsigned, long long, size_t,
  //                     __half, P, float4, unsigned long long, char, short)
  const std::optional<CxxSignature> cxx = demangle_kernel("_Z3cxxPKfPdjxm6__half1P6float4ycs");
  REQUIRE(cxx);
  CHECK(cxx->name == "cxx");
  CHECK(cxx->params == std::vector<std::string>{"float const*", "double*", "unsigned int", "long long", "unsigned long",
                                                "__half", "P", "float4", "unsigned long long", "char", "short"});
  // A template instance (its return type is in the mangled name) and a namespace.
  const std::optional<CxxSignature> axpy = demangle_kernel("_Z4axpyIfEvPT_S0_");
  REQUIRE(axpy);
  CHECK(axpy->name == "axpy<float>");
  CHECK(axpy->params == std::vector<std::string>{"float*", "float"});
  const std::optional<CxxSignature> inner = demangle_kernel("_ZN2ns5innerEPi");
  REQUIRE(inner);
  CHECK(inner->name == "ns::inner");
  CHECK(inner->params == std::vector<std::string>{"int*"});
  const std::optional<CxxSignature> none = demangle_kernel("_Z4noopv");
  REQUIRE(none);
  CHECK(none->params.empty());
  // An anonymous namespace has a space and parentheses in its name.
  const std::optional<CxxSignature> hidden = demangle_kernel("_ZN12_GLOBAL__N_16hiddenEPf");
  REQUIRE(hidden);
  CHECK(hidden->name == "(anonymous namespace)::hidden");
  CHECK(hidden->params == std::vector<std::string>{"float*"});
}

TEST_CASE("an extern \"C\" name or garbage is not demangled", "[modules]") {
  CHECK_FALSE(demangle_kernel("scale_add"));
  CHECK_FALSE(demangle_kernel("_Z"));
  CHECK_FALSE(demangle_kernel("_Zgarbage"));
}

TEST_CASE("demangle_template_args gives a variable template instance's arguments", "[modules]") {
  // struct_layouts' name expressions, as NVRTC lowers them.
  CHECK(demangle_template_args("_Z13graphc_field_IiE", "graphc_field_") == std::vector<std::string>{"int"});
  CHECK(demangle_template_args("_Z13graphc_field_IPfE", "graphc_field_") == std::vector<std::string>{"float*"});
  CHECK(demangle_template_args("_Z13graphc_field_IPKN2ns5MixedEE", "graphc_field_") ==
        std::vector<std::string>{"ns::Mixed const*"});
  CHECK(demangle_template_args("_Z5tupleIiLi2EE", "tuple") == std::vector<std::string>{"int", "2"});
  CHECK_FALSE(demangle_template_args("_Z13graphc_field_IiE", "graphc_kernel_type_"));
  CHECK_FALSE(demangle_template_args("graphc_field_", "graphc_field_"));
}

ir::KernelParam of(std::string cxx, std::uint32_t size) {
  ir::KernelParam param;
  param.size = size;
  apply_cxx_type(param, std::move(cxx));
  return param;
}

TEST_CASE("apply_cxx_type says what a C++ parameter type is in graphc's terms", "[modules]") {
  const ir::KernelParam in = of("float const*", 8);
  CHECK(in.kind == Kind::pointer);
  CHECK(in.type == ScalarType::f32);
  CHECK(in.pointee_const);
  CHECK_FALSE(in.pointee_void);
  CHECK(in.cxx == "float const*");
  CHECK(in.size == 8);

  const ir::KernelParam out = of("double*", 8);
  CHECK((out.kind == Kind::pointer && out.type == ScalarType::f64 && !out.pointee_const));
  CHECK((of("void*", 8).pointee_void && of("void const*", 8).pointee_const));
  CHECK_FALSE(of("P*", 8).type);
  CHECK_FALSE(of("float**", 8).type);

  CHECK((of("unsigned int", 4).kind == Kind::integer && of("unsigned int", 4).type == ScalarType::u32));
  CHECK(of("unsigned long", 8).type == ScalarType::u64);  // size_t
  CHECK(of("long long", 8).type == ScalarType::i64);
  CHECK(of("char", 1).type == ScalarType::c8);
  CHECK(of("signed char", 1).type == ScalarType::i8);
  CHECK(of("bool", 1).kind == Kind::integer);
  CHECK((of("float", 4).kind == Kind::floating && of("float", 4).type == ScalarType::f32));
  CHECK((of("__half", 2).kind == Kind::floating && of("__half", 2).type == ScalarType::f16));
  CHECK(of("__nv_bfloat16", 2).type == ScalarType::bf16);
  CHECK((of("float4", 16).kind == Kind::bytes && of("float4", 16).type == ScalarType::float4));
  CHECK(of("__half2", 4).type == ScalarType::half2);
  CHECK((of("P", 16).kind == Kind::bytes && !of("P", 16).type));
  CHECK(of("int const", 4).type == ScalarType::i32);
}

}  // namespace
}  // namespace graphc::modules
