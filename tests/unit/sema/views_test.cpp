// Views in the validator: each resolves to its root buffer (or alloc's memory) and the byte
// offset into it, takes the root's memory space, and its uses take the view's type; the
// rules a view must keep (E0114, E0223-E0226) and the memory-node rules through a view.
#include <catch2/catch.hpp>

#include "sema_test_support.h"

using namespace graphc;
using graphc::test::analyze_text;
using graphc::test::single_diag;

TEST_CASE("a view resolves to its root and byte offset and lends its type to its uses", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  buffer data : f64[8] managed;
  buffer raw : u8[64] host;
  view words : u32[16] of data;
  view floats : f32[8] of raw + 16;
  view pair : u16[2] of floats + 3;
  alloc tmp : f64[4];
  view tmp_words : u32[6] of tmp + 1;
  memset clear : words = 0x3ff00000;
  copy stage : floats[0:2] <- tmp_words[0:2];
  kernel k : f<<<1, 1>>>(pair + 1);
  free release : tmp;
  tmp -> stage -> release;
}
)");
  REQUIRE(a->sorted().empty());
  const ir::Graph& g = a->graph();
  const ir::BufferId data = *g.find_buffer("data");
  const ir::BufferId raw = *g.find_buffer("raw");
  const ir::BufferId tmp = *g.find_buffer("tmp");
  CHECK(g.storage(data).root == data);
  CHECK(g.storage(*g.find_buffer("words")).root == data);
  CHECK(g.storage(*g.find_buffer("words")).offset == 0);
  CHECK(g.storage(*g.find_buffer("floats")).root == raw);
  CHECK(g.storage(*g.find_buffer("floats")).offset == 16);
  CHECK(g.storage(*g.find_buffer("pair")).root == raw);
  CHECK(g.storage(*g.find_buffer("pair")).offset == 28);      // 16 + 3 floats
  CHECK(g.storage(*g.find_buffer("tmp_words")).offset == 8);  // one f64
  CHECK(g.buffer(*g.find_buffer("words")).space == ir::MemorySpace::managed);
  CHECK(g.buffer(*g.find_buffer("pair")).space == ir::MemorySpace::host);
  CHECK(g.buffer(*g.find_buffer("tmp_words")).space == ir::MemorySpace::device);
  CHECK(g.alloc_of(*g.find_buffer("tmp_words")) == *g.find_node("tmp"));
  CHECK_FALSE(g.alloc_of(*g.find_buffer("words")).valid());
  CHECK(g.alloc_of(tmp) == *g.find_node("tmp"));
  const auto& clear = std::get<ir::MemsetNode>(a->node("clear").op);
  CHECK(clear.element_size == 4);  // the view's type, not the f64 base's
  CHECK(clear.value_bits == 0x3ff00000u);
  CHECK(clear.dst.length_value == 16);
  const auto& stage = std::get<ir::CopyNode>(a->node("stage").op);
  CHECK(stage.bytes_value == 8);
  CHECK(stage.kind == ir::CopyKind::device_to_host);
}

TEST_CASE("a view must fit inside its base", "[sema]") {
  const auto a = analyze_text("graph g {\n  buffer d : f64[4] device;\n  view w : u32[4] of d + 3;\n}\n");
  const Diagnostic d = single_diag(*a, DiagCode::view_too_large, "3:8",
                                   "view 'w' covers bytes 24 to 40 of 'd', which has 32 bytes; a view must fit inside "
                                   "its base");
  CHECK(a->notes(d) == "2:10: 'd' is declared here with 4 elements of f64\n");
}

TEST_CASE("a view starts at an address aligned to its element type", "[sema]") {
  const auto a = analyze_text("graph g {\n  buffer b : u8[64] device;\n  view w : f32[4] of b + 2;\n}\n");
  const Diagnostic d = single_diag(*a, DiagCode::view_misaligned, "3:26",
                                   "view 'w' starts 2 bytes into the memory of 'b', which is not a multiple of 4, "
                                   "the alignment of its f32 elements; CUDA kernels and memset nodes need addresses "
                                   "aligned to the element type");
  CHECK(a->notes(d) == "2:10: 'b' is declared here; its memory starts at an address CUDA aligns\n");
}

TEST_CASE("a view's base is a buffer, and a chain of views ends at one", "[sema]") {
  const auto param = analyze_text("graph g {\n  param s : f32;\n  view w : u32[1] of s;\n}\n");
  single_diag(*param, DiagCode::wrong_kind, "3:22", "'s' is a param, but a buffer is needed here");
  const auto cycle = analyze_text("graph g {\n  view a : u32[1] of b;\n  view b : u32[1] of a;\n}\n");
  const Diagnostic d = single_diag(*cycle, DiagCode::view_cycle, "2:22",
                                   "view 'a' is a view of itself: a -> b -> a; a view's chain of bases must end at a "
                                   "buffer or an alloc");
  CHECK(cycle->notes(d) == "3:8: 'b' is declared here, a view of 'a'\n");
}

TEST_CASE("a view has no contents and no negative offset", "[sema]") {
  const auto init = analyze_text("graph g {\n  buffer d : f64[4] device;\n  view w : u32[8] of d = fill(1);\n}\n");
  single_diag(*init, DiagCode::view_init, "3:26",
              "view 'w' has initial contents, but a view owns no memory; give its base 'd' the contents");
  const auto negative = analyze_text("graph g {\n  buffer d : f64[4] device;\n  view w : u32[2] of d + (0 - 1);\n}\n");
  single_diag(*negative, DiagCode::view_offset, "3:26",
              "view 'w' starts -1 elements into its base 'd'; a view's offset must not be negative");
}

TEST_CASE("uses through a view of an alloc's memory are ordered by the memory-node rules", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  alloc tmp : f32[8];
  view w : u32[8] of tmp;
  kernel late : f<<<1, 1>>>(w);
  free release : tmp;
  tmp -> release -> late;
}
)");
  single_diag(*a, DiagCode::use_after_free, "4:29",
              "kernel node 'late' uses 'tmp' but is not ordered before free 'release'; a graph allocation freed in "
              "its graph may be accessed only by nodes ordered before its mem free node along the graph's edges");
}

TEST_CASE("a view of pageable memory is pageable: a kernel cannot use it", "[sema]") {
  const auto a = analyze_text("graph g {\n  buffer p : f32[4] pageable;\n  view w : u32[4] of p;\n"
                              "  kernel k : f<<<1, 1>>>(w);\n}\n");
  REQUIRE(a->sorted().size() == 1);
  CHECK(a->sorted()[0].code == DiagCode::pageable_use);
}
