// Capture nodes in the validator: arguments resolved as a kernel's (no cond), the library
// operation a dotted name calls, and a GEMM's operands, types, leading dimensions and
// extents, each refusal with its code and place.
#include <catch2/catch.hpp>

#include "diag/render.h"
#include "sema_test_support.h"

using namespace graphc;
using graphc::test::analyze_text;
using graphc::test::single_diag;

TEST_CASE("a GEMM capture resolves its shape, transposes and operands", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  const M = 32;
  buffer x : f32[M * 64] device;
  buffer y : f32[64 * 16] device;
  buffer z : f32[4 + M * 16] device;
  param alpha : f32 = 1.0;
  capture mm : cublas.gemm<T, N>(M, 16, 64, alpha, x, 64, y, 64, 1, z + 4, M);
  capture user : solver_step(z, M, alpha);
}
)");
  INFO(render_all(a->sources, a->sorted()));
  REQUIRE(a->sorted().empty());
  const auto& mm = std::get<ir::CaptureNode>(a->node("mm").op);
  CHECK(mm.library.op == ir::LibraryOp::cublas_gemm);
  const ir::GemmCall& g = mm.library.gemm;
  CHECK(g.transpose_a);
  CHECK_FALSE(g.transpose_b);
  CHECK((g.m == 32 && g.n == 16 && g.k == 64 && g.lda == 64 && g.ldb == 64 && g.ldc == 32 && g.batch == 1));
  CHECK(mm.args[3].kind == ir::KernelArg::Kind::param);
  REQUIRE(mm.args[8].kind == ir::KernelArg::Kind::value);
  CHECK(mm.args[8].value.type == ir::ScalarType::f32);  // beta 1 as cuBLAS reads it
  CHECK(mm.args[9].offset == 4);
  const auto& user = std::get<ir::CaptureNode>(a->node("user").op);
  CHECK(user.library.op == ir::LibraryOp::none);
  CHECK(user.args[0].kind == ir::KernelArg::Kind::buffer);
  CHECK(user.args[1].value.integer == 32);
}

TEST_CASE("a strided-batched GEMM's last member must fit its buffer", "[sema]") {
  const auto ok = analyze_text(R"(graph g {
  buffer a : f32[4 * 256] device;
  capture mm : cublas.gemm_strided_batched(16, 16, 16, 1.0, a, 16, 256, a, 16, 0, 0.0, a, 16, 256, 4);
}
)");
  INFO(render_all(ok->sources, ok->sorted()));
  CHECK(ok->sorted().empty());
  CHECK(std::get<ir::CaptureNode>(ok->node("mm").op).library.gemm.stride_a == 256);
  const auto bad = analyze_text(R"(graph g {
  buffer a : f32[4 * 256] device;
  capture mm : cublas.gemm_strided_batched(16, 16, 16, 1.0, a + 1, 16, 256, a, 16, 0, 0.0, a, 16, 256, 4);
}
)");
  single_diag(*bad, DiagCode::gemm_matrix_bounds, "3:61",
              "matrix A of capture 'mm' spans 1024 elements from element 1 of 'a', which has 1024 elements");
}

TEST_CASE("capture arguments: no cond, and operands of the operation's kinds", "[sema]") {
  const auto cond = analyze_text(R"(graph g {
  buffer a : f32[16] device;
  cond c = 0;
  capture s : step(a, c);
  if w (c) { empty e; }
}
)");
  single_diag(*cond, DiagCode::bad_kernel_arg, "4:23",
              "argument 2 of capture 's' passes cond 'c'; a capture function receives buffers, params and constant "
              "values, and a conditional handle is set only by kernel nodes of the graph it is created on");
  const auto alpha = analyze_text(R"(graph g {
  buffer a : f32[256] device;
  param d : f64 = 1.0;
  capture mm : cublas.gemm(16, 16, 16, d, a, 16, a, 16, 0.0, a, 16);
}
)");
  single_diag(*alpha, DiagCode::library_operand, "4:40",
              "operand 4 (alpha) of capture 'mm' must be an f32 param or a constant value, which cuBLAS reads as a "
              "float, but it passes param 'd' of type f64");
  const auto big = analyze_text(R"(graph g {
  buffer a : f32[256] device;
  capture mm : cublas.gemm(16, 16, 16, 1.0, a, 16, a, 16, 0.0, a, 3000000000);
}
)");
  single_diag(*big, DiagCode::library_operand, "3:67",
              "operand 11 (ldc) of capture 'mm' must be a compile-time integer from 1 to 2147483647, but it passes "
              "3000000000 of type i64");
}

TEST_CASE("a capture reads an alloc's memory only after the alloc", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  alloc tmp : f32[256];
  capture mm : cublas.gemm(16, 16, 16, 1.0, tmp, 16, tmp, 16, 0.0, tmp, 16);
  free done : tmp;
  tmp -> done;
}
)");
  REQUIRE(!a->sorted().empty());
  CHECK(a->sorted().front().code == DiagCode::use_before_alloc);
}

TEST_CASE("level 1, gemv and SpMV captures resolve their sizes and data type", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  buffer x : f64[129] device;
  buffer m : f64[30 * 40] device;
  buffer s : f64[2] device;
  buffer rows : i32[31] device;
  buffer cols : i32[90] device;
  buffer v : f64[90] device;
  capture dot : cublas.dot(64, x, 2, x + 1, 2, s + 1);
  capture mv : cublas.gemv<T>(30, 40, s, m, 30, x, 1, s + 1, x + 1, 1);
  capture sp : cusparse.spmv<T>(30, 40, 90, 2.0, rows, cols, v, x, 0.0, x + 50);
  dot -> mv -> sp;
}
)");
  INFO(render_all(a->sources, a->sorted()));
  REQUIRE(a->sorted().empty());
  const auto& dot = std::get<ir::CaptureNode>(a->node("dot").op).library;
  CHECK(dot.op == ir::LibraryOp::cublas_dot);
  CHECK(dot.type == ir::ScalarType::f64);
  CHECK((dot.vector.n == 64 && dot.vector.incx == 2 && dot.vector.incy == 2));
  CHECK(ir::operand_span(dot, 1) == 127);  // x: 1 + 63 * 2
  CHECK(ir::operand_span(dot, 5) == 1);    // result
  CHECK_FALSE(ir::operand_span(dot, 0));   // n passes no memory
  const auto& mv = std::get<ir::CaptureNode>(a->node("mv").op).library;
  CHECK((mv.op == ir::LibraryOp::cublas_gemv && mv.vector.transpose && mv.vector.m == 30 && mv.vector.lda == 30));
  CHECK(ir::operand_span(mv, 5) == 30);  // x has m elements for <T>
  CHECK(ir::operand_span(mv, 8) == 40);  // y n
  const auto& sp = std::get<ir::CaptureNode>(a->node("sp").op).library;
  CHECK((sp.op == ir::LibraryOp::cusparse_spmv && sp.vector.rows == 30 && sp.vector.cols == 40 && sp.vector.nnz == 90));
  CHECK(ir::operand_span(sp, 4) == 31);  // rowOffsets
  CHECK(ir::operand_span(sp, 7) == 30);  // x has rows elements for <T>
}

TEST_CASE("a cuBLASLt matmul resolves as a GEMM with its epilogue, its bias read for m elements", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  buffer w : bf16[64 * 32] device;
  buffer x : bf16[64 * 8] device;
  buffer h : bf16[32 * 8] device;
  buffer b : bf16[40] device;
  capture up : cublaslt.matmul_bias_gelu<T, N>(32, 8, 64, 1.0, w, 64, x, 64, 0.0, h, 32, b + 8);
  capture relu : cublaslt.matmul_relu(32, 8, 8, 1.0, h, 32, h, 8, 0.0, h, 32);
  up -> relu;
}
)");
  INFO(render_all(a->sources, a->sorted()));
  REQUIRE(a->sorted().empty());
  const ir::LibraryCall& up = std::get<ir::CaptureNode>(a->node("up").op).library;
  CHECK(up.op == ir::LibraryOp::cublaslt_matmul_bias_gelu);
  CHECK(ir::is_matmul(up.op));
  CHECK(ir::matmul_epilogue(up.op) == ir::MatmulEpilogue::bias_gelu);
  CHECK(up.type == ir::ScalarType::bf16);
  CHECK((up.gemm.transpose_a && !up.gemm.transpose_b && up.gemm.m == 32 && up.gemm.n == 8 && up.gemm.k == 64));
  CHECK(ir::operand_span(up, 11) == 32);  // the bias: one element per row of C
  CHECK(ir::operand_span(up, 4) == 64 * 31 + 64);
  const ir::LibraryCall& relu = std::get<ir::CaptureNode>(a->node("relu").op).library;
  CHECK(ir::matmul_epilogue(relu.op) == ir::MatmulEpilogue::relu);
  CHECK(ir::operand_index(relu.op, "bias") == UINT32_MAX);
  CHECK_FALSE(ir::is_matmul(ir::LibraryOp::cublas_gemm));
  CHECK(ir::is_gemm(ir::LibraryOp::cublas_gemm));
}

TEST_CASE("an SpMM resolves its sparse and dense shapes, its dense matrices spanning n columns of ld", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  buffer rows : i32[41] device;
  buffer cols : i32[120] device;
  buffer v : f64[120] device;
  buffer b : f64[40 * 6] device;
  buffer c : f64[64 * 6] device;
  capture mm : cusparse.spmm<T>(40, 30, 6, 120, 1.0, rows, cols, v, b, 40, 0.0, c, 64);
}
)");
  INFO(render_all(a->sources, a->sorted()));
  REQUIRE(a->sorted().empty());
  const ir::LibraryCall& mm = std::get<ir::CaptureNode>(a->node("mm").op).library;
  CHECK(mm.op == ir::LibraryOp::cusparse_spmm);
  CHECK(mm.type == ir::ScalarType::f64);
  CHECK((mm.vector.transpose && mm.vector.rows == 40 && mm.vector.cols == 30 && mm.vector.n == 6));
  CHECK((mm.vector.ldb == 40 && mm.vector.ldc == 64));
  CHECK(ir::operand_span(mm, 8) == 40 * 5 + 40);   // B: rows x n for <T>
  CHECK(ir::operand_span(mm, 11) == 64 * 5 + 30);  // C: cols x n for <T>, ld 64
  CHECK(ir::has_plan(mm.op));
}

TEST_CASE("CUB captures resolve their items, types and spans, a reduction writing one element", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  buffer x : f64[100] device;
  buffer s : f64[4] device;
  buffer k : i32[100] device;
  buffer ks : i32[100] device;
  buffer v : f32[100] device;
  buffer vs : f32[100] device;
  capture sum : cub.reduce_sum(100, x, s + 3);
  capture sort : cub.radix_sort_pairs(60, k, ks, v, vs);
}
)");
  INFO(render_all(a->sources, a->sorted()));
  REQUIRE(a->sorted().empty());
  const ir::LibraryCall& sum = std::get<ir::CaptureNode>(a->node("sum").op).library;
  CHECK((sum.op == ir::LibraryOp::cub_reduce_sum && sum.type == ir::ScalarType::f64 && sum.count == 100));
  CHECK(ir::operand_span(sum, 1) == 100);
  CHECK(ir::operand_span(sum, 2) == 1);  // out: one element, at s + 3
  const ir::LibraryCall& sort = std::get<ir::CaptureNode>(a->node("sort").op).library;
  CHECK((sort.type == ir::ScalarType::i32 && sort.value_type == ir::ScalarType::f32 && sort.count == 60));
  CHECK(ir::operand_span(sort, 4) == 60);
  CHECK((ir::is_cub(sort.op) && ir::has_plan(sort.op) && !ir::is_cub(ir::LibraryOp::cufft_c2c)));
}
