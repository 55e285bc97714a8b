// The race analysis (sema/check_races.h) and the accesses it reads (sema/memory_access.h):
// two nodes of one scope, overlapping memory, one writing, no path of edges between them.
// Without modules a kernel may write what it is passed; `reads(x)` says it only reads. A
// race between known extents is certain (W0303); one where a side's extent is assumed (a
// kernel's pointer without a view reaches to the end of its buffer) is possible (W0305).
#include <catch2/catch.hpp>

#include <random>
#include <set>

#include <fmt/format.h>

#include "compile.h"
#include "sema/check_races.h"
#include "sema_test_support.h"

namespace graphc::test {
namespace {

// The W0303s and W0305s of `text` (with no module, so kernels are typed by their attributes only).
std::vector<Diagnostic> races(const std::string& text) {
  const std::unique_ptr<Analyzed> a = analyze_text(text);
  REQUIRE(a->ok);
  DiagEngine diags;
  sema::check_races(a->module, sema::KernelInfo{}, diags);
  return diags.sorted();
}

TEST_CASE("two unordered kernels that may write one buffer may race, and an edge orders them", "[sema][races]") {
  const std::string nodes = R"(graph g {
    buffer x : f32[256] device;
    kernel a : k<<<1, 256>>>(x);
    kernel b : k<<<1, 256>>>(x + 128);
)";
  const std::vector<Diagnostic> found = races(nodes + "}\n");
  REQUIRE(found.size() == 1);
  const std::unique_ptr<Analyzed> a = analyze_text(nodes + "}\n");
  CHECK(found[0].code == DiagCode::possible_race);
  CHECK(a->at(found[0].range) == "4:30");
  CHECK(found[0].message == "'a' reads and writes and 'b' reads and writes buffer 'x' and may overlap in elements "
                            "[128, 256), but no path of edges orders the two nodes: if they do overlap, CUDA may run "
                            "them in either order or at the same time");
  REQUIRE(found[0].notes.size() == 6);
  CHECK(a->at(found[0].notes[0].range) == "3:30");
  CHECK(found[0].notes[0].message ==
        "'a' reads and writes it here: the kernel's signature is not known here, so it may write what it is passed");
  const std::string assumed = "a kernel is assumed to reach from the pointer it is passed to the end of its buffer; "
                              "pass it a view of what it touches (`view NAME : type[count] of BUFFER + offset;`)";
  CHECK(found[0].notes[2].message == "'a' is taken to reach elements [0, 256) of 'x': " + assumed);
  CHECK(found[0].notes[3].message == "'b' is taken to reach elements [128, 256) of 'x': " + assumed);
  CHECK(found[0].notes[4].message == "an edge orders them: 'a -> b;' (or 'b -> a;')");
  CHECK(found[0].notes[5].message == "-Wno-possible-race turns off the warnings of races that are only possible; "
                                     "W0303 still reports those that are certain");
  CHECK(races(nodes + "    a -> b;\n}\n").empty());
  // A path through another node orders them too.
  CHECK(races(nodes + "    empty j;\n    a -> j -> b;\n}\n").empty());
}

TEST_CASE("readers do not race, and a writer races with each unordered reader, counted once per buffer",
          "[sema][races]") {
  CHECK(races(R"(graph g {
    buffer x : f32[256] device;
    kernel a : k<<<1, 256>>>(x) [reads(x)];
    kernel b : k<<<1, 256>>>(x) [reads(x)];
}
)")
            .empty());
  const std::vector<Diagnostic> found = races(R"(graph g {
    buffer x : f32[256] device;
    buffer y : f32[256] device;
    kernel w : k<<<1, 256>>>(x, y) [writes(x), reads(y)];
    kernel r1 : k<<<1, 256>>>(x) [reads(x)];
    kernel r2 : k<<<1, 256>>>(x) [reads(x)];
    kernel r3 : k<<<1, 256>>>(y) [reads(y)];
}
)");
  REQUIRE(found.size() == 1);
  CHECK(found[0].message.starts_with("'w' writes and 'r1' reads buffer 'x' and may overlap in elements [0, 256)"));
  CHECK(found[0].notes.back().message == "other pairs of nodes of graph 'g' race on 'x' too");
}

TEST_CASE("copies and memsets race only where their slices and boxes overlap", "[sema][races]") {
  CHECK(races(R"(graph g {
    buffer x : f32[256] device;
    buffer h : f32[256] host;
    copy lo : x[0:128] <- h[0:128];
    copy hi : x[128:128] <- h[128:128];
    memset clear : h[0:128] = 0;
}
)")
            .size() == 1);  // clear writes what lo reads
  const std::vector<Diagnostic> overlap = races(R"(graph g {
    buffer x : f32[256] device;
    buffer h : f32[256] host;
    copy lo : x[0:130] <- h[0:130];
    copy hi : x[128:128] <- h[128:128];
}
)");
  REQUIRE(overlap.size() == 1);
  CHECK(overlap[0].message.starts_with("'lo' writes and 'hi' writes elements [128, 130) of buffer 'x'"));
  // Boxes of a 2-D buffer: the same rows, other columns.
  CHECK(races(R"(graph g {
    const W = 64;
    buffer img : f32[16][W] device;
    memset left : img[0:16, 0:32] = 0;
    memset right : img[0:16, 32:32] = 1;
}
)")
            .empty());
  const std::vector<Diagnostic> box = races(R"(graph g {
    buffer img : f32[16][64] device;
    memset top : img[0:8, 0:64] = 0;
    memset band : img[4:8, 10:20] = 1;
}
)");
  REQUIRE(box.size() == 1);
  CHECK(box[0].message.starts_with("'top' writes and 'band' writes rows [4, 8) and columns [10, 30) of buffer 'img'"));
}

TEST_CASE("views give a kernel the exact memory it is passed", "[sema][races]") {
  CHECK(races(R"(graph g {
    buffer x : f32[256] device;
    view lower : f32[128] of x;
    view upper : f32[128] of x + 128;
    kernel a : k<<<1, 128>>>(lower);
    kernel b : k<<<1, 128>>>(upper);
}
)")
            .empty());
}

TEST_CASE("a call touches what the called graph's nodes do to its buffer parameters", "[sema][races]") {
  const std::string callee = R"(graph zero_fill(out : f32[128] device) {
    memset zero : out = 0;
}
graph scale(in : f32[128] device) {
    kernel s : k<<<1, 128>>>(in) [reads(in)];
}
)";
  const std::vector<Diagnostic> found = races(callee + R"(graph g {
    buffer x : f32[256] device;
    call f : zero_fill(x + 64);
    kernel r : k<<<1, 256>>>(x) [reads(x)];
}
)");
  REQUIRE(found.size() == 1);
  CHECK(found[0].message.starts_with("'f' writes and 'r' reads buffer 'x' and may overlap in elements [64, 192)"));
  CHECK(found[0].notes[0].message == "'f' writes it here: node 'zero' of graph 'zero_fill': the memset's destination");
  // Two calls that only read, and a call that writes the other half.
  CHECK(races(callee + R"(graph g {
    buffer x : f32[256] device;
    call s1 : scale(x);
    call s2 : scale(x);
    call f : zero_fill(x + 128);
}
)")
            .empty());
}

TEST_CASE("conditional nodes touch what their bodies do, and nodes of one body race among themselves",
          "[sema][races]") {
  const std::vector<Diagnostic> found = races(R"(graph g {
    cond go = 1;
    buffer x : f32[256] device;
    if check (go) {
        memset zero : x = 0;
        kernel inside : k<<<1, 256>>>(x) [reads(x)];
        zero -> inside;
    }
    kernel outside : k<<<1, 256>>>(x) [reads(x)];
}
)");
  REQUIRE(found.size() == 1);
  CHECK(found[0].message.starts_with("'check' writes and 'outside' reads buffer 'x' and may overlap in elements "
                                     "[0, 256)"));
  CHECK(found[0].notes[0].message == "'check' writes it here: node 'zero' of its body: the memset's destination");
  const std::vector<Diagnostic> in_body = races(R"(graph g {
    cond go = 1;
    buffer x : f32[256] device;
    while loop (go) {
        memset zero : x = 0;
        kernel inside : k<<<1, 256>>>(x, go) [reads(x)];
    }
}
)");
  REQUIRE(in_body.size() == 1);
  CHECK(in_body[0].message.starts_with("'zero' writes and 'inside' reads"));
}

TEST_CASE("an alloc's memory races between its uses like a buffer's, and two allocs are two memories",
          "[sema][races]") {
  const std::vector<Diagnostic> found = races(R"(graph g {
    alloc scratch : f32[256];
    alloc other : f32[256];
    kernel a : k<<<1, 256>>>(scratch);
    kernel b : k<<<1, 256>>>(scratch);
    kernel c : k<<<1, 256>>>(other);
    free fa : scratch;
    free fo : other;
    scratch -> {a, b} -> fa;
    other -> c -> fo;
    a -> c;
}
)");
  REQUIRE(found.size() == 1);
  CHECK(found[0].message.starts_with("'a' reads and writes and 'b' reads and writes buffer 'scratch' and may "
                                     "overlap in elements [0, 256)"));
}

TEST_CASE("edges of every port order memory: a programmatic dependent synchronizes on its primary", "[sema][races]") {
  CHECK(races(R"(graph g {
    buffer x : f32[256] device;
    kernel a : k<<<1, 256>>>(x);
    kernel b : k<<<1, 256>>>(x);
    kernel c : k<<<1, 256>>>(x);
    a ->[programmatic] b;
    b ->[launch_completion] c;
}
)")
            .empty());
}

TEST_CASE("a GEMM reads A and B and writes C", "[sema][races]") {
  CHECK(races(R"(graph g {
    buffer a : f32[64 * 64] device;
    buffer c1 : f32[64 * 64] device;
    buffer c2 : f32[64 * 64] device;
    capture one : cublas.gemm(64, 64, 64, 1.0f, a, 64, a, 64, 0.0f, c1, 64);
    capture two : cublas.gemm(64, 64, 64, 1.0f, a, 64, a, 64, 0.0f, c2, 64);
}
)")
            .empty());
  const std::vector<Diagnostic> found = races(R"(graph g {
    buffer a : f32[64 * 64] device;
    buffer c : f32[64 * 64] device;
    capture one : cublas.gemm(64, 64, 64, 1.0f, a, 64, a, 64, 0.0f, c, 64);
    capture two : cublas.gemm(64, 64, 64, 1.0f, c, 64, a, 64, 0.0f, a, 64);
}
)");
  REQUIRE(found.size() == 2);                   // on c (one writes it, two reads it) and on a (the reverse)
  CHECK(found[0].code == DiagCode::data_race);  // a GEMM's matrices are known extents
  CHECK(found[0].notes[0].message == "'one' reads and writes it here: c is operand C of cublasGemmEx");
  CHECK(found[1].notes[0].message == "'one' reads it here: a is operand A of cublasGemmEx");
  // A cuBLASLt matmul's bias is read for m elements, and no further.
  const std::vector<Diagnostic> biased = races(R"(graph g {
    buffer a : f32[64 * 64] device;
    buffer c : f32[64 * 64] device;
    buffer b : f32[128] device;
    capture mm : cublaslt.matmul_bias(64, 64, 64, 1.0f, a, 64, a, 64, 0.0f, c, 64, b);
    capture low : cublaslt.matmul(1, 1, 1, 1.0f, a, 1, a, 1, 0.0f, b + 63, 1);
    capture high : cublaslt.matmul(1, 1, 1, 1.0f, a, 1, a, 1, 0.0f, b + 64, 1);
}
)");
  REQUIRE(biased.size() == 1);  // low writes b[63], which mm reads; high writes b[64], past the bias
  CHECK(biased[0].code == DiagCode::data_race);
  CHECK(biased[0].notes[0].message == "'mm' reads it here: b is operand bias of cublasLtMatmul");
  // C spans ldc * (n - 1) + m elements from its pointer: 8 * 7 + 8 = 64 of c's 128, not to c's end.
  const std::string half = R"(graph g {
    buffer a : f32[64] device;
    buffer c : f32[128] device;
    capture mm : cublas.gemm(8, 8, 8, 1.0f, a, 8, a, 8, 0.0f, c, 8);
    memset clear : c[START:64] = 0;
}
)";
  CHECK(races(std::string(half).replace(half.find("START"), 5, "64")).empty());
  const std::vector<Diagnostic> meets = races(std::string(half).replace(half.find("START"), 5, "63"));
  REQUIRE(meets.size() == 1);
  CHECK(meets[0].message.starts_with("'mm' reads and writes and 'clear' writes elements [63, 64) of buffer 'c'"));
}

TEST_CASE("a race is certain (W0303) between known extents, else possible (W0305), which -Wno-possible-race leaves "
          "out",
          "[sema][races]") {
  const std::string text = R"(graph g {
    buffer x : f32[256] device;
    buffer y : f32[256] device;
    view upper : f32[128] of y + 128;
    kernel a : k<<<1, 256>>>(x);
    kernel b : k<<<1, 256>>>(x + 128);
    kernel c : k<<<1, 128>>>(upper);
    memset d : y[192:8] = 0;
}
)";
  const std::unique_ptr<Compilation> both = compile_text("t.graph", text);
  const std::vector<Diagnostic> found = both->diags.sorted();
  REQUIRE(found.size() == 2);
  CHECK(found[0].code == DiagCode::possible_race);  // a and b on x
  CHECK(found[1].code == DiagCode::data_race);      // c's view and d's slice of y
  CHECK(found[1].message.starts_with("'c' reads and writes and 'd' writes elements [192, 200) of buffer 'y'"));
  CHECK(found[1].notes.size() == 3);  // the two accesses and the edge: nothing is assumed
  const std::unique_ptr<Compilation> certain = compile_text("t.graph", text, CompileOptions{.possible_races = false});
  REQUIRE(certain->diags.diagnostics().size() == 1);
  CHECK(certain->diags.diagnostics()[0].code == DiagCode::data_race);
  // Of one buffer, a certain race is reported before a possible one.
  const std::vector<Diagnostic> first = races(R"(graph g {
    buffer x : f32[256] device;
    kernel a : k<<<1, 256>>>(x);
    memset b : x[0:8] = 0;
    memset c : x[4:8] = 1;
}
)");
  REQUIRE(first.size() == 1);
  CHECK(first[0].code == DiagCode::data_race);
  CHECK(first[0].message.starts_with("'b' writes and 'c' writes elements [4, 8) of buffer 'x'"));
}

TEST_CASE("races_are_errors (graphc -Werror=race) makes a race an error", "[sema][races]") {
  const std::string text =
      "graph g {\n    buffer x : f32[8] device;\n    memset a : x = 0;\n    memset b : x = 1;\n}\n";
  const std::unique_ptr<Compilation> warned = compile_text("t.graph", text);
  CHECK(warned->ok());
  REQUIRE(warned->diags.diagnostics().size() == 1);
  CHECK(warned->diags.diagnostics()[0].severity == Severity::warning);
  const std::unique_ptr<Compilation> refused = compile_text("t.graph", text, CompileOptions{.races_are_errors = true});
  CHECK_FALSE(refused->ok());
  REQUIRE(refused->diags.diagnostics().size() == 1);
  CHECK(refused->diags.diagnostics()[0].severity == Severity::error);
  CHECK(refused->diags.diagnostics()[0].code == DiagCode::data_race);
}

// The linear check that edges order every writer with every other toucher of a buffer
// (sema/ordered_accesses.h) lets the exact analysis off only where no two nodes race: on
// random DAGs of whole-buffer readers and writers, a race is reported exactly where two
// nodes touching one buffer, one writing, have no path between them either way.
TEST_CASE("random graphs: a race is reported exactly where an unordered pair touches a buffer, one writing",
          "[sema][races]") {
  std::mt19937 random(17);
  for (int round = 0; round < 200; ++round) {
    const int n = 2 + static_cast<int>(random() % 12);
    std::vector<bool> writer(n);
    std::vector<int> buffer(n);
    std::string text = "graph g {\n    buffer x : f32[8] device;\n    buffer y : f32[8] device;\n";
    for (int i = 0; i < n; ++i) {
      writer[i] = random() % 3 == 0;
      buffer[i] = static_cast<int>(random() % 2);
      const char* name = buffer[i] == 0 ? "x" : "y";
      text += writer[i] ? fmt::format("    memset n{} : {} = 0;\n", i, name)
                        : fmt::format("    kernel n{} : k<<<1, 1>>>({}) [reads({})];\n", i, name, name);
    }
    std::vector<std::vector<bool>> reach(n, std::vector<bool>(n, false));
    for (int i = 0; i < n; ++i) {
      for (int j = i + 1; j < n; ++j) {
        if (random() % 4 != 0) continue;
        text += fmt::format("    n{} -> n{};\n", i, j);
        reach[i][j] = true;
      }
    }
    for (int k = 0; k < n; ++k) {  // transitive closure, i < k < j
      for (int i = 0; i < k; ++i) {
        for (int j = k + 1; j < n; ++j) reach[i][j] = reach[i][j] || (reach[i][k] && reach[k][j]);
      }
    }
    std::set<std::string> expected;  // the buffers raced on
    for (int i = 0; i < n; ++i) {
      for (int j = i + 1; j < n; ++j) {
        if (buffer[i] == buffer[j] && (writer[i] || writer[j]) && !reach[i][j]) {
          expected.insert(buffer[i] == 0 ? "'x'" : "'y'");
        }
      }
    }
    std::set<std::string> found;
    for (const Diagnostic& d : races(text + "}\n")) found.insert(d.message.substr(d.message.find("buffer '") + 7, 3));
    INFO(text);
    CHECK(found == expected);
  }
}

TEST_CASE("reads and writes name buffers", "[sema][races]") {
  single_diag(
      *analyze_text("graph g {\n    buffer x : f32[8] device;\n    kernel a : k<<<1, 8>>>(x) [reads(x, 2)];\n}\n"),
      DiagCode::kernel_attribute_value, "3:41",
      "kernel attribute 'reads' is an expression; its arguments are names of buffers the kernel is passed");
}

}  // namespace
}  // namespace graphc::test
