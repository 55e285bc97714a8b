// 2-D buffers: boxes folded per dimension, box copies and memsets, pitch(buf) arguments, and
// what a pitch makes ambiguous, refused (E0215, E0240, E0241, E0242).
#include <catch2/catch.hpp>

#include "sema_test_support.h"

using namespace graphc;
using graphc::ir::KernelArg;
using graphc::test::analyze_text;
using graphc::test::single_diag;

namespace {
constexpr const char* kImages = R"(graph g {
  buffer img : f32[16][32] device;
  buffer h : f32[16][32] host;
)";
}  // namespace

TEST_CASE("a box folds rows and columns, a whole 2-D buffer is every row and column", "[sema]") {
  const auto a = analyze_text(std::string(kImages) + R"(  buffer tile : u16[4][16] host;
  copy up : img <- h;
  copy crop : tile <- img[2:4, 8:8];
  memset m : img[1:3, 4:5] = 1.0f;
}
)");
  REQUIRE(a->sorted().empty());
  const ir::Buffer& img = a->graph().buffers.at(0);
  CHECK(img.two_d());
  CHECK(img.pitched());
  CHECK_FALSE(a->graph().buffers.at(1).pitched());  // host memory is dense
  CHECK(img.count_value == 16);
  CHECK(img.width_value == 32);
  CHECK(img.row_bytes() == 128);
  const auto& up = std::get<ir::CopyNode>(a->node("up").op);
  CHECK(up.kind == ir::CopyKind::host_to_device);
  CHECK(up.dst.length_value == 16);
  CHECK(up.dst.columns_value == 32);
  CHECK(up.bytes_value == 16 * 128);
  // 8 f32 columns are 32 bytes, as 16 u16 columns are: element types may differ.
  const auto& crop = std::get<ir::CopyNode>(a->node("crop").op);
  CHECK(crop.src.offset_value == 2);
  CHECK(crop.src.length_value == 4);
  CHECK(crop.src.column_value == 8);
  CHECK(crop.src.columns_value == 8);
  CHECK(crop.bytes_value == 4 * 32);
  const auto& m = std::get<ir::MemsetNode>(a->node("m").op);
  CHECK(m.dst.offset_value == 1);
  CHECK(m.dst.length_value == 3);
  CHECK(m.dst.column_value == 4);
  CHECK(m.dst.columns_value == 5);
  CHECK(m.value_bits == 0x3f800000);
}

TEST_CASE("a box out of bounds names its dimension (E0240)", "[sema]") {
  const auto rows = analyze_text(std::string(kImages) + "  copy c : h[14:4, 0:4] <- img[0:4, 0:4];\n}\n");
  single_diag(*rows, DiagCode::box_out_of_bounds, "4:12", "rows [14:4] of 'h' are out of bounds of its 16 rows");
  const auto columns = analyze_text(std::string(kImages) + "  copy c : h[0:4, 30:4] <- img[0:4, 0:4];\n}\n");
  single_diag(*columns, DiagCode::box_out_of_bounds, "4:12",
              "columns [30:4] of 'h' are out of bounds of its 32 columns");
}

TEST_CASE("an empty box is E0215", "[sema]") {
  const auto a = analyze_text(std::string(kImages) + "  memset m : img[0:0, 0:4] = 0;\n}\n");
  single_diag(*a, DiagCode::empty_slice, "4:14",
              "slice [0:0] of 'img' is empty; a memset node must cover at least one element");
}

TEST_CASE("a 2-D copy takes no bytes, a 2-D buffer no initial contents (E0241)", "[sema]") {
  const auto bytes = analyze_text(std::string(kImages) + "  copy c : h <- img bytes 64;\n}\n");
  single_diag(*bytes, DiagCode::two_d_use, "4:27",
              "2-D buffer 'h' cannot be copied with `bytes`: a box copy moves its boxes' extent; slice the boxes "
              "instead");
  const auto init = analyze_text("graph g {\n  buffer img : f32[16][32] device = fill(0);\n}\n");
  single_diag(*init, DiagCode::two_d_use, "2:37",
              "2-D buffer 'img' cannot be initialised: initial contents fill 1-D buffers; set a 2-D or 3-D buffer "
              "with a memset node or a copy from a host buffer");
}

TEST_CASE("pitch(buf) passes a 2-D buffer's pitch, an offset into its rows is refused", "[sema]") {
  const auto a = analyze_text(std::string(kImages) + "  kernel k : f<<<1, 1>>>(img, pitch(img), pitch(h));\n}\n");
  REQUIRE(a->sorted().empty());
  const auto& args = std::get<ir::KernelNode>(a->node("k").op).args;
  REQUIRE(args.size() == 3);
  CHECK(args[0].kind == KernelArg::Kind::buffer);
  CHECK(args[1].kind == KernelArg::Kind::pitch);
  CHECK(args[1].buffer.value == 0);
  CHECK(args[2].kind == KernelArg::Kind::pitch);
  CHECK(args[2].buffer.value == 1);

  const auto offset = analyze_text(std::string(kImages) + "  kernel k : f<<<1, 1>>>(img + 2);\n}\n");
  single_diag(*offset, DiagCode::two_d_use, "4:26",
              "2-D buffer 'img' cannot be offset by `+ k`: an offset into pitched rows is ambiguous; pass the buffer "
              "and `pitch(img)` and index rows in the kernel");
}

TEST_CASE("pitch() of a 1-D buffer or of a value is E0242", "[sema]") {
  const auto one_d = analyze_text("graph g {\n  buffer v : f32[16] device;\n  kernel k : f<<<1, 1>>>(pitch(v));\n}\n");
  single_diag(*one_d, DiagCode::bad_pitch_arg, "3:26",
              "argument 1 of kernel node 'k': 'v' is a 1-D buffer, which has no pitch; `pitch(buf)` passes the pitch "
              "in bytes (std::size_t) of one 2-D or 3-D buffer");
  const auto value = analyze_text("graph g {\n  kernel k : f<<<1, 1>>>(pitch(3));\n}\n");
  single_diag(*value, DiagCode::bad_pitch_arg, "2:26",
              "argument 1 of kernel node 'k': pitch() takes the name of a buffer; `pitch(buf)` passes the pitch in "
              "bytes (std::size_t) of one 2-D or 3-D buffer");
}

TEST_CASE("a 2-D buffer is not a call's or a host node's argument nor an access policy window (E0241)", "[sema]") {
  const auto call = analyze_text(
      "graph inner(x : f32[16] device) {\n}\ngraph g {\n  buffer img : f32[4][4] device;\n  call c : inner(img);\n}\n");
  single_diag(*call, DiagCode::two_d_use, "5:18",
              "2-D buffer 'img' cannot be passed by call node 'c': graph parameters and library operands are 1-D "
              "buffers");
  const auto host = analyze_text("graph g {\n  buffer img : f32[4][4] host;\n  host h : log_image(img);\n}\n");
  single_diag(*host, DiagCode::two_d_use, "3:22",
              "2-D buffer 'img' cannot be passed by host node 'h': a host function's pointer arguments are 1-D "
              "buffers, and it receives no pitch; read the image in a kernel, or copy it to a host buffer first");
  const auto window = analyze_text(
      "graph g {\n  buffer img : f32[4][4] device;\n  kernel k : f<<<1, 1>>>(img) [access_policy(img, 1.0)];\n}\n");
  single_diag(*window, DiagCode::two_d_use, "3:46",
              "2-D buffer 'img' cannot be an access policy window: its pitched size is known only at run time; a "
              "window covers a 1-D buffer");
}
