// Kernel arguments: buffers (with offsets), params, and compile-time values.
#include <catch2/catch.hpp>

#include "sema_test_support.h"

using namespace graphc;
using graphc::ir::KernelArg;
using graphc::ir::Scalar;
using graphc::ir::ScalarType;
using graphc::test::analyze_text;
using graphc::test::single_diag;

TEST_CASE("arguments resolve to buffers, params and typed values", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  const N = 1024;
  buffer d : f32[N] device;
  param scale : f32 = 2.0;
  kernel k : f<<<1, 1>>>(d, d + 16, 8 + d, scale, N, 2.0f, i64(N) * 2, 1u);
}
)");
  REQUIRE(a->sorted().empty());
  const auto& args = std::get<ir::KernelNode>(a->node("k").op).args;
  REQUIRE(args.size() == 8);
  CHECK(args[0].kind == KernelArg::Kind::buffer);
  CHECK(args[0].buffer.value == 0);
  CHECK(args[0].offset == 0);
  CHECK(args[1].kind == KernelArg::Kind::buffer);
  CHECK(args[1].offset == 16);
  CHECK(args[2].kind == KernelArg::Kind::buffer);
  CHECK(args[2].offset == 8);
  CHECK(args[3].kind == KernelArg::Kind::param);
  CHECK(args[3].param.value == 0);
  const std::vector<Scalar> values = {Scalar::of_integer(ScalarType::i32, 1024), Scalar::of_float(ScalarType::f32, 2.0),
                                      Scalar::of_integer(ScalarType::i64, 2048),
                                      Scalar::of_integer(ScalarType::u32, 1)};
  for (std::size_t i = 0; i < values.size(); ++i) {
    CHECK(args[4 + i].kind == KernelArg::Kind::value);
    CHECK(args[4 + i].value == values[i]);
  }
}

TEST_CASE("a buffer or param inside an expression cannot be passed", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  buffer d : f32[1024] device;
  param scale : f32 = 2.0;
  kernel k : f<<<1, 1>>>(d * 2, scale + 1, d + scale);
}
)");
  const auto all = a->sorted();
  REQUIRE(all.size() == 3);
  const std::string allowed = "; an argument is a buffer name, `buffer + k` with a constant integer k, a param name, a "
                              "cond name, or a constant expression";
  test::check_diag(*a, all[0], DiagCode::bad_kernel_arg, "4:26",
                   "argument 1 of kernel 'k' uses buffer 'd' inside an expression" + allowed);
  test::check_diag(*a, all[1], DiagCode::bad_kernel_arg, "4:33",
                   "argument 2 of kernel 'k' uses param 'scale' inside an expression" + allowed);
  test::check_diag(*a, all[2], DiagCode::bad_kernel_arg, "4:44",
                   "argument 3 of kernel 'k' uses param 'scale' inside an expression" + allowed);
}

TEST_CASE("a buffer offset stays inside the buffer", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  buffer d : f32[1024] device;
  kernel k : f<<<1, 1>>>(d + 1023, d + 1024, d + 1.5);
}
)");
  const auto all = a->sorted();
  REQUIRE(all.size() == 2);
  test::check_diag(*a, all[0], DiagCode::bad_kernel_arg, "3:36",
                   "argument 2 of kernel 'k' offsets buffer 'd' by 1024 elements; offsets from 0 to 1023 stay "
                   "within its 1024 elements");
  test::check_diag(*a, all[1], DiagCode::expected_integer, "3:50",
                   "buffer offset must be an integer, but this expression is f64");
  CHECK(std::get<ir::KernelNode>(a->node("k").op).args[0].offset == 1023);
}

TEST_CASE("a node is not a kernel argument", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  empty e;
  kernel k : f<<<1, 1>>>(e);
}
)");
  const Diagnostic d = single_diag(*a, DiagCode::wrong_kind, "3:26",
                                   "'e' is a node, but a buffer, param, cond or constant is needed here");
  CHECK(a->notes(d) == "2:9: 'e' is declared here\n");
}
