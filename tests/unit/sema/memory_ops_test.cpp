// Copies and memsets: slices, sizes, directions, element sizes and values.
#include <catch2/catch.hpp>

#include "sema_test_support.h"

using namespace graphc;
using graphc::ir::CopyKind;
using graphc::test::analyze_text;
using graphc::test::single_diag;

namespace {
const ir::CopyNode& copy(const test::Analyzed& a, std::string_view name) {
  return std::get<ir::CopyNode>(a.node(name).op);
}
const ir::MemsetNode& memset(const test::Analyzed& a, std::string_view name) {
  return std::get<ir::MemsetNode>(a.node(name).op);
}

constexpr const char* kBuffers = R"(graph g {
  buffer h : f32[1024] host;
  buffer d : f32[1024] device;
  buffer m : f32[1024] managed;
  buffer h2 : f32[1024] host;
  buffer d2 : f32[2048] device;
)";
}  // namespace

TEST_CASE("copy kinds come from the memory spaces", "[sema]") {
  const auto a = analyze_text(std::string(kBuffers) + R"(  copy up : d <- h;
  copy down : h <- d;
  copy dd : d2[1024:1024] <- d;
  copy hh : h2 <- h[0:512] bytes 1024;
  copy um : m <- d;
  copy mh : h <- m;
}
)");
  REQUIRE(a->sorted().empty());
  CHECK(copy(*a, "up").kind == CopyKind::host_to_device);
  CHECK(copy(*a, "up").bytes_value == 4096);
  CHECK(copy(*a, "down").kind == CopyKind::device_to_host);
  CHECK(copy(*a, "dd").kind == CopyKind::device_to_device);
  CHECK(copy(*a, "dd").dst.offset_value == 1024);
  CHECK(copy(*a, "dd").dst.length_value == 1024);
  CHECK(copy(*a, "dd").src.length_value == 1024);
  CHECK(copy(*a, "hh").kind == CopyKind::host_to_host);
  CHECK(copy(*a, "hh").bytes_value == 1024);
  CHECK(copy(*a, "hh").src.length_value == 512);
  CHECK(copy(*a, "um").kind == CopyKind::unified);
  CHECK(copy(*a, "mh").kind == CopyKind::unified);
}

TEST_CASE("without bytes both sides hold the same number of bytes", "[sema]") {
  const auto a = analyze_text(std::string(kBuffers) + "  copy c : d <- d2;\n}\n");
  const Diagnostic d = single_diag(*a, DiagCode::copy_size_mismatch, "7:8",
                                   "copy 'c' moves 8192 bytes, but the destination 'd[0:1024]' holds 4096 bytes; slice "
                                   "the buffers or give `bytes` so that both sides agree");
  CHECK(a->notes(d) == "7:17: the source 'd2[0:2048]' is 2048 elements of f32 (8192 bytes)\n"
                       "7:12: the destination 'd[0:1024]' is 1024 elements of f32 (4096 bytes)\n");
}

TEST_CASE("bytes may not exceed either side", "[sema]") {
  const auto a =
      analyze_text(std::string(kBuffers) + "  copy c : d[0:512] <- h bytes 4096;\n  copy z : d <- h bytes 0;\n}\n");
  const auto all = a->sorted();
  REQUIRE(all.size() == 2);
  test::check_diag(*a, all[0], DiagCode::copy_size_mismatch, "7:32",
                   "copy 'c' moves 4096 bytes, but the destination 'd[0:512]' holds only 2048 bytes");
  CHECK(a->notes(all[0]) == "7:12: the destination 'd[0:512]' is 512 elements of f32 (2048 bytes)\n");
  test::check_diag(*a, all[1], DiagCode::copy_size_mismatch, "8:25",
                   "copy 'z' moves 0 bytes, but a memcpy node must copy at least one byte");
}

TEST_CASE("slices stay within their buffer and are not empty", "[sema]") {
  const auto a = analyze_text(std::string(kBuffers) + R"(  copy c : d[1000:100] <- h[0:100];
  copy e : d[0:0] <- h[0:0];
  copy n : d[-1:4] <- h[0:4];
}
)");
  const auto all = a->sorted();
  REQUIRE(all.size() == 4);
  test::check_diag(*a, all[0], DiagCode::slice_out_of_bounds, "7:12",
                   "slice [1000:100] is out of bounds of 'd', which has 1024 elements");
  test::check_diag(*a, all[1], DiagCode::empty_slice, "8:12",
                   "slice [0:0] of 'd' is empty; a memcpy node must cover at least one element");
  test::check_diag(*a, all[2], DiagCode::empty_slice, "8:22",
                   "slice [0:0] of 'h' is empty; a memcpy node must cover at least one element");
  test::check_diag(*a, all[3], DiagCode::slice_out_of_bounds, "9:12",
                   "slice [-1:4] is out of bounds of 'd', which has 1024 elements");
}

TEST_CASE("memset values in the element's representation", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  buffer a : u8[16] device;
  buffer b : f32[16] device;
  buffer c : f16[16] device;
  buffer e : i16[16] device;
  buffer f : bf16[16] managed;
  memset m1 : a = 255;
  memset m2 : b = 1.5;
  memset m3 : c[4:8] = 1;
  memset m4 : e = -2;
  memset m5 : f = 1;
}
)");
  REQUIRE(a->sorted().empty());
  CHECK(memset(*a, "m1").element_size == 1);
  CHECK(memset(*a, "m1").value_bits == 0xffu);
  CHECK(memset(*a, "m2").element_size == 4);
  CHECK(memset(*a, "m2").value_bits == 0x3fc00000u);
  CHECK(memset(*a, "m3").element_size == 2);
  CHECK(memset(*a, "m3").value_bits == 0x3c00u);
  CHECK(memset(*a, "m3").dst.offset_value == 4);
  CHECK(memset(*a, "m3").dst.length_value == 8);
  CHECK(memset(*a, "m4").value_bits == 0xfffeu);
  CHECK(memset(*a, "m5").value_bits == 0x3f80u);
}

TEST_CASE("memset elements are 1, 2 or 4 bytes and the value fits", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  buffer a : u8[16] device;
  buffer f : f64[4] device;
  memset z : f = 0;
  memset y : a = 256;
  memset x : a = -1;
  memset w : a = 1.5;
}
)");
  const auto all = a->sorted();
  REQUIRE(all.size() == 4);
  test::check_diag(*a, all[0], DiagCode::bad_memset_target, "4:14",
                   "memset 'z' writes 8-byte elements; CUDA memset nodes take elements of 1, 2 or 4 bytes");
  CHECK(a->notes(all[0]) == "3:10: 'f' has elements of type f64\n");
  test::check_diag(*a, all[1], DiagCode::memset_value_range, "5:18",
                   "memset value 256 does not fit in the 1-byte elements of 'a'");
  test::check_diag(*a, all[2], DiagCode::memset_value_range, "6:18",
                   "memset value -1 does not fit in the 1-byte elements of 'a'");
  test::check_diag(*a, all[3], DiagCode::memset_value_range, "7:18",
                   "memset value 1.5 does not fit in the 1-byte elements of 'a'");
}
