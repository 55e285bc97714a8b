// 3-D buffers and copies between 1-D buffers and boxes: 3-D boxes folded per dimension,
// box copies between volumes, a 1-D side seen as dense rows of the box's width, memsets of
// 3-D boxes, box copies between a 2-D and a 3-D buffer, and what stays refused (E0239,
// E0240, E0241, E0250, E0251, E0252).
#include <catch2/catch.hpp>

#include "ir/pitched_copy.h"
#include "sema_test_support.h"

using namespace graphc;
using graphc::ir::KernelArg;
using graphc::test::analyze_text;
using graphc::test::single_diag;

namespace {
constexpr const char* kVolumes = R"(graph g {
  buffer vol : f32[4][8][16] device;
  buffer h : f32[4][8][16] host;
  buffer flat : f32[512] host;
  buffer img : f32[8][16] device;
)";
}  // namespace

TEST_CASE("a 3-D buffer folds its depth, a whole one is every slice, row and column", "[sema]") {
  const auto a = analyze_text(std::string(kVolumes) + R"(  copy up : vol <- h;
  copy crop : h[1:2, 2:3, 4:5] <- vol[0:2, 5:3, 11:5];
  memset slice : vol[3:1, 1:2, 0:4] = 1.0f;
  memset whole : vol[1:2, 0:8, 2:3] = 0;
  kernel k : f<<<1, 1>>>(vol, pitch(vol));
}
)");
  REQUIRE(a->sorted().empty());
  const ir::Buffer& vol = a->graph().buffers.at(0);
  CHECK(vol.three_d());
  CHECK(vol.pitched());
  CHECK(vol.depth_value == 4);
  CHECK(vol.count_value == 8);
  CHECK(vol.width_value == 16);
  CHECK(vol.all_rows() == 32);
  CHECK(vol.bytes() == 4 * 8 * 16 * 4);
  const auto& up = std::get<ir::CopyNode>(a->node("up").op);
  CHECK(up.dst.depth_value == 4);
  CHECK(up.dst.length_value == 8);
  CHECK(up.dst.columns_value == 16);
  CHECK(up.bytes_value == 4 * 8 * 64);
  const auto& crop = std::get<ir::CopyNode>(a->node("crop").op);
  CHECK(crop.bytes_value == 2 * 3 * 20);
  const std::optional<ir::PitchedCopy> box = ir::pitched_copy(a->graph(), crop);
  REQUIRE(box.has_value());
  CHECK(box->width_bytes == 20);
  CHECK(box->height == 3);
  CHECK(box->depth == 2);
  CHECK_FALSE(box->src.flat);
  CHECK(box->src.x == 44);
  CHECK(box->src.y == 5);
  CHECK(box->src.z == 0);
  CHECK(box->src.ysize == 8);
  CHECK(box->dst.x == 16);
  CHECK(box->dst.y == 2);
  CHECK(box->dst.z == 1);
  // A memset of one slice's box starts at the slice's rows; whole slices are one run.
  const auto& slice = std::get<ir::MemsetNode>(a->node("slice").op);
  CHECK(ir::first_row(a->graph(), slice.dst) == 3 * 8 + 1);
  CHECK(ir::memset_rows(slice.dst) == 2);
  const auto& whole = std::get<ir::MemsetNode>(a->node("whole").op);
  CHECK(ir::first_row(a->graph(), whole.dst) == 8);
  CHECK(ir::memset_rows(whole.dst) == 16);
  const auto& args = std::get<ir::KernelNode>(a->node("k").op).args;
  CHECK(args.at(1).kind == KernelArg::Kind::pitch);
}

TEST_CASE("a 1-D side of a box copy is dense rows of the box's width", "[sema]") {
  const auto a = analyze_text(std::string(kVolumes) + R"(  copy up : vol <- flat;
  copy down : flat[32:24] <- vol[1:2, 2:3, 4:4];
  copy up_img : img[2:4, 3:8] <- flat[100:32];
  copy down_img : flat[0:128] <- img;
}
)");
  REQUIRE(a->sorted().empty());
  const auto& up = std::get<ir::CopyNode>(a->node("up").op);
  CHECK(up.kind == ir::CopyKind::host_to_device);
  CHECK(up.bytes_value == 512 * 4);
  const std::optional<ir::PitchedCopy> whole = ir::pitched_copy(a->graph(), up);
  REQUIRE(whole.has_value());
  CHECK(whole->src.flat);
  CHECK(whole->src.pitch == 64);
  CHECK(whole->src.ysize == 8);
  CHECK(whole->depth == 4);
  const auto& down = std::get<ir::CopyNode>(a->node("down").op);
  const std::optional<ir::PitchedCopy> box = ir::pitched_copy(a->graph(), down);
  REQUIRE(box.has_value());
  CHECK(box->dst.flat);
  CHECK(box->dst.offset == 32);
  CHECK(box->dst.pitch == 16);
  CHECK(box->dst.ysize == 3);
  CHECK(box->dst.x == 0);
  CHECK(box->src.x == 16);
  CHECK(box->src.z == 1);
  CHECK(box->width_bytes == 16);
  CHECK(box->height == 3);
  CHECK(box->depth == 2);
  const auto& up_img = std::get<ir::CopyNode>(a->node("up_img").op);
  const std::optional<ir::PitchedCopy> image = ir::pitched_copy(a->graph(), up_img);
  REQUIRE(image.has_value());
  CHECK(image->src.offset == 100);
  CHECK(image->src.pitch == 32);
  CHECK(image->depth == 1);
  CHECK(up_img.bytes_value == 32 * 4);
  CHECK(ir::pitched_copy(a->graph(), std::get<ir::CopyNode>(a->node("down_img").op))->dst.flat);
}

TEST_CASE("a 1-D side that is not the box's element count is E0250", "[sema]") {
  const auto a = analyze_text(std::string(kVolumes) + "  copy c : flat[0:20] <- vol[0:1, 0:4, 0:4];\n}\n");
  single_diag(*a, DiagCode::flat_box_count, "6:8",
              "copy 'c' moves a box of 16 elements (1 x 4 x 4: slices x rows x columns), but the 1-D destination "
              "'flat[0:20]' is 20 elements; the 1-D side of a box copy is the box's elements as dense rows, so it "
              "must be exactly as many");
  const auto whole = analyze_text(std::string(kVolumes) + "  copy c : img <- flat;\n}\n");
  single_diag(*whole, DiagCode::flat_box_count, "6:8",
              "copy 'c' moves a box of 128 elements (8 x 16: rows x columns), but the 1-D source 'flat[0:512]' is 512 "
              "elements; the 1-D side of a box copy is the box's elements as dense rows, so it must be exactly as "
              "many");
}

TEST_CASE("a 1-D side of another element size is E0251", "[sema]") {
  const auto a =
      analyze_text(std::string(kVolumes) + "  buffer raw : u8[2048] host;\n  copy c : img <- raw[0:512];\n}\n");
  single_diag(*a, DiagCode::flat_box_element_size, "7:8",
              "copy 'c' is between 'img', of 4-byte elements (f32), and 'raw', of 1-byte elements (u8); a copy "
              "between a 1-D buffer and a box moves rows of the box's elements, so both sides need elements of one "
              "size");
}

TEST_CASE("a copy between a 2-D and a 3-D buffer moves a box of one slice, a 2-D buffer at depth 0", "[sema]") {
  const auto a = analyze_text(std::string(kVolumes) + R"(  copy take : img <- vol[2:1, 0:8, 0:16];
  copy put : vol[3:1, 1:4, 2:8] <- img[4:4, 8:8];
}
)");
  REQUIRE(a->sorted().empty());
  const auto take = ir::pitched_copy(a->graph(), std::get<ir::CopyNode>(a->node("take").op));
  REQUIRE(take);
  CHECK(take->src.z == 2);
  CHECK(take->dst.z == 0);
  CHECK(take->dst.ysize == 8);  // the image's rows
  CHECK(take->depth == 1);
  CHECK(take->height == 8);
  CHECK(take->width_bytes == 16 * 4);
  const auto put = ir::pitched_copy(a->graph(), std::get<ir::CopyNode>(a->node("put").op));
  REQUIRE(put);
  CHECK(put->src.y == 4);
  CHECK(put->src.x == 8 * 4);
  CHECK(put->dst.z == 3);
  CHECK(put->dst.y == 1);
  CHECK(put->depth == 1);
  CHECK(std::get<ir::CopyNode>(a->node("put").op).bytes_value == 4 * 8 * 4);

  const auto one = analyze_text(std::string(kVolumes) + "  copy c : img[0:4, 0:16] <- vol[0:1, 0:8, 0:16];\n}\n");
  single_diag(*one, DiagCode::box_extent_mismatch, "6:8",
              "copy 'c' moves a box of 1 slice of 8 rows of 64 bytes into a box of 4 rows of 64 bytes; a memcpy "
              "node has one extent (width in bytes, height in rows, depth in slices), so both boxes must have the "
              "same");
  const auto slices = analyze_text(std::string(kVolumes) + "  copy c : img <- vol[0:2, 0:8, 0:16];\n}\n");
  single_diag(*slices, DiagCode::box_extent_mismatch, "6:8",
              "copy 'c' moves a box of 2 slices of 8 rows of 64 bytes into a box of 8 rows of 64 bytes; a memcpy "
              "node has one extent (width in bytes, height in rows, depth in slices), so both boxes must have the "
              "same");
}

TEST_CASE("3-D boxes of other extents are E0239, out of bounds E0240", "[sema]") {
  const auto extent = analyze_text(std::string(kVolumes) + "  copy c : h[0:2, 0:4, 0:4] <- vol[0:3, 0:4, 0:4];\n}\n");
  single_diag(*extent, DiagCode::box_extent_mismatch, "6:8",
              "copy 'c' moves a box of 3 slices of 4 rows of 16 bytes into a box of 2 slices of 4 rows of 16 bytes; "
              "a memcpy node has one extent (width in bytes, height in rows, depth in slices), so both boxes must "
              "have the same");
  const auto bounds = analyze_text(std::string(kVolumes) + "  memset m : vol[3:2, 0:1, 0:1] = 0;\n}\n");
  single_diag(*bounds, DiagCode::box_out_of_bounds, "6:14", "slices [3:2] of 'vol' are out of bounds of its 4 slices");
}

TEST_CASE("a memset of several slices that are not whole is E0252", "[sema]") {
  const auto a = analyze_text(std::string(kVolumes) + "  memset m : vol[0:2, 1:3, 0:16] = 0;\n}\n");
  single_diag(*a, DiagCode::memset_slices, "6:14",
              "the box sets 2 slices of 3 rows of the 3-D buffer 'vol', whose slices have 8 rows; a memset node is "
              "2-D (cudaMemsetParams has no depth), so it sets a box of one slice, or whole slices (their rows are "
              "one run, a pitch apart): write a memset per slice");
}

TEST_CASE("a 3-D buffer is refused where a 2-D one is, by its rank (E0241)", "[sema]") {
  const auto offset = analyze_text(std::string(kVolumes) + "  kernel k : f<<<1, 1>>>(vol + 2);\n}\n");
  single_diag(*offset, DiagCode::two_d_use, "6:26",
              "3-D buffer 'vol' cannot be offset by `+ k`: an offset into pitched rows is ambiguous; pass the buffer "
              "and `pitch(vol)` and index rows in the kernel");
  const auto bytes = analyze_text(std::string(kVolumes) + "  copy c : flat <- vol bytes 64;\n}\n");
  single_diag(*bytes, DiagCode::two_d_use, "6:30",
              "3-D buffer 'vol' cannot be copied with `bytes`: a box copy moves its boxes' extent; slice the boxes "
              "instead");
}
