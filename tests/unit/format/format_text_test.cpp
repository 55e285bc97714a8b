// format_text: the canonical layout, comments kept, idempotent, meaning unchanged.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <sstream>
#include <string>

#include "format_test_support.h"
#include "frontend/text/parse_text.h"
#include "ir/dump.h"

using graphc::test::formatted;
using graphc::test::meaning;

namespace {

// The IR dump of `text` as parsed (not analyzed), without source positions, or nothing if
// it does not parse.
std::optional<std::string> syntax(const std::string& text) {
  graphc::SourceManager sources;
  graphc::DiagEngine diags;
  const graphc::ir::Module module = graphc::frontend::parse_text(sources, sources.add("f.graph", text), diags);
  if (diags.has_errors()) return std::nullopt;
  return std::regex_replace(graphc::ir::dump(module, sources), std::regex("[0-9]+:[0-9]+"), "");
}

}  // namespace

TEST_CASE("fmt: every statement in the canonical layout", "[format]") {
  const std::string messy = R"(module   "k.cu" ;import"lib.graph";
graph g( x:f32[ N ]device,s :f32 )[device_launch]{
const N=4*( 2+1 )-  -1; param p:f32=-1.5e-3f;
 buffer b:f32[N]host=iota(0);buffer l : i32[2] device = { 1 ,2 };
  event e;cond c=1;
kernel k:ns::f<float, 4><<<(N,2),256,1024>>>(x,-(s*2),@g);
copy cp:b[0:N]<-x bytes N*4;memset m:l=0;host h:report();empty z;
record r:e;wait w:e;alloc a:f32[N];free fr:a;call sub:lib(x,s);
if i(c){empty t;}else{empty f;}
while loop ( c ) { empty body; }
switch sw(c){case 0{empty c0;}case 1{empty c1;}}
k->[programmatic]cp->{m,h}->z;{t,f}->r;
}
)";
  CHECK(formatted(messy) == R"(module "k.cu";
import "lib.graph";

graph g(x : f32[N] device, s : f32) [device_launch] {
    const N = 4 * (2 + 1) - -1;
    param p : f32 = -1.5e-3f;
    buffer b : f32[N] host = iota(0);
    buffer l : i32[2] device = {1, 2};
    event e;
    cond c = 1;
    kernel k : ns::f<float, 4><<<(N, 2), 256, 1024>>>(x, -(s * 2), @g);
    copy cp : b[0:N] <- x bytes N * 4;
    memset m : l = 0;
    host h : report();
    empty z;
    record r : e;
    wait w : e;
    alloc a : f32[N];
    free fr : a;
    call sub : lib(x, s);
    if i (c) {
        empty t;
    } else {
        empty f;
    }
    while loop (c) {
        empty body;
    }
    switch sw (c) {
        case 0 {
            empty c0;
        }
        case 1 {
            empty c1;
        }
    }
    k ->[programmatic] cp -> {m, h} -> z;
    {t, f} -> r;
}
)");
}

TEST_CASE("fmt: a struct is a block of fields, and an aggregate hugs its name", "[format]") {
  const std::string text = "module \"k.cu\";\nstruct ns::Args{x:f32 * ;n:i32;}\nstruct Args<float> {c : char;}\n"
                           "graph g { buffer x : f32[4] device;\n"
                           "kernel k : f<<<1,1>>>( ns::Args { x+1 , 4 } , ::ns::Args{nullptr,2} ) ; }\n";
  CHECK(formatted(text) ==
        "module \"k.cu\";\n\nstruct ns::Args {\n    x : f32*;\n    n : i32;\n}\n\nstruct Args<float> {\n"
        "    c : char;\n}\n\ngraph g {\n    buffer x : f32[4] device;\n"
        "    kernel k : f<<<1, 1>>>(ns::Args{x + 1, 4}, ::ns::Args{nullptr, 2});\n}\n");
}

TEST_CASE("fmt: a struct's negative template argument is not a copy's arrow", "[format]") {
  // Found by fuzz_text: `Tile<-1>` became `Tile <- 1 >`, which no longer parses.
  const std::string text = "struct Tile<-1> { n : i32; }\ngraph g { buffer a : f32[4] device;\n"
                           "kernel k : f<<<1, 1>>>(Tile<-1>{4});\ncopy c : a<-a; }\n";
  CHECK(formatted(text) == "struct Tile<-1> {\n    n : i32;\n}\n\ngraph g {\n    buffer a : f32[4] device;\n"
                           "    kernel k : f<<<1, 1>>>(Tile<-1>{4});\n    copy c : a <- a;\n}\n");
}

TEST_CASE("fmt: comments stay where they are, on their own line or at the end of one", "[format]") {
  const std::string text = R"(// file header

module "k.cu"; // the kernels
/* before the graph */
graph g { // opens g
    // a leading comment
    empty a; /* inline */ empty b;
    kernel k : f<<<1, 1>>>(1, // the first argument
        2 /* the second */, 3);
    if i (c) {
        empty t;
        // last in the body
    } // after the if
    // last in the graph
}
// the end
)";
  CHECK(formatted(text) == R"(// file header

module "k.cu"; // the kernels
/* before the graph */
graph g { // opens g
    // a leading comment
    empty a; /* inline */
    empty b;
    kernel k : f<<<1, 1>>>(1, // the first argument
        2 /* the second */, 3);
    if i (c) {
        empty t;
        // last in the body
    } // after the if
    // last in the graph
}

// the end
)");
}

TEST_CASE("fmt: a comment on its own line inside a statement keeps its line", "[format]") {
  CHECK(formatted("graph g {\n    kernel k : f<<<1, 1>>>(\n// why\n1);\n}\n") ==
        "graph g {\n    kernel k : f<<<1, 1>>>(\n        // why\n        1);\n}\n");
}

TEST_CASE("fmt: one blank line where the file had some, none at the edges of a block", "[format]") {
  const std::string text =
      "\n\nmodule \"k.cu\";\ngraph a {\n\n  empty x;\n\n\n\n  empty y;\n\n}\ngraph b {\n  empty z;\n}\n\n\n";
  CHECK(formatted(text) ==
        "module \"k.cu\";\n\ngraph a {\n    empty x;\n\n    empty y;\n}\n\ngraph b {\n    empty z;\n}\n");
}

TEST_CASE("fmt: end-of-line comments of neighbouring lines line up", "[format]") {
  const std::string text = "graph g {\n  empty a; // one\n  empty long_name; // two\n\n  empty c; // three\n}\n";
  CHECK(formatted(text) ==
        "graph g {\n    empty a;         // one\n    empty long_name; // two\n\n    empty c; // three\n}\n");
}

TEST_CASE("fmt: a comment between a body's brace and else keeps the else", "[format]") {
  const std::string text = "graph g {\n  cond c;\n  if i (c) { empty t; }\n  // otherwise\n  else { empty f; }\n}\n";
  const std::string once = formatted(text);
  CHECK(once == "graph g {\n    cond c;\n    if i (c) {\n        empty t;\n    }\n"
                "    // otherwise\n    else {\n        empty f;\n    }\n}\n");
  CHECK(meaning(once) == meaning(text));
}

TEST_CASE("fmt: every .graph file of the repository that parses keeps its syntax and is a fixed point", "[format]") {
  // The error fixtures of tests/golden/diag are laid out by hand (their positions are the
  // point), so most are not laid out as fmt lays them out: all the better as input.
  std::size_t files = 0;
  using std::filesystem::recursive_directory_iterator;
  for (auto it = recursive_directory_iterator(GRAPHC_SOURCE_DIR); it != recursive_directory_iterator(); ++it) {
    const std::string name = it->path().filename().string();
    if (it->is_directory() && (name.starts_with("build") || name.starts_with("."))) {
      it.disable_recursion_pending();
      continue;
    }
    if (it->path().extension() != ".graph") continue;
    std::ifstream in(it->path());
    std::stringstream text;
    text << in.rdbuf();
    INFO(it->path().string());
    const std::optional<std::string> before = syntax(text.str());
    if (!before) continue;  // a syntax error fixture: fmt refuses it
    ++files;
    CHECK(syntax(formatted(text.str())) == before);
  }
  CHECK(files > 100);
}

TEST_CASE("fmt: laying out changes no meaning", "[format]") {
  const std::string text = "graph g {const N=8;buffer b:f32[N]device;buffer h:f32[N]host=fill(-1.0f);\n"
                           "copy up:b[N/2:N-N/2]<-h[0:N/2];memset m:b=-(2*N);up->{m,z};empty z;}\n";
  const std::string once = formatted(text);
  CHECK(once != text);
  CHECK(meaning(once) == meaning(text));
}

TEST_CASE("fmt: a carriage return alone is part of a line comment, as the grammar reads it", "[format]") {
  // Found by fuzz_text: the comment went on past the \r, so `empty b;` was in it.
  CHECK(formatted("graph g {\n    // a\r empty b;\n    empty c; // d\r\n}\r\n") ==
        "graph g {\n    // a\r empty b;\n    empty c; // d\n}\n");
}

TEST_CASE("fmt: a for loop is a block, its range and indexed names unspaced", "[format]") {
  const std::string messy = R"(module "k.cu";
graph g {
const L=3; buffer b:f32[64*L] device;
for i in 0 .. L-1{kernel k[ i ]:f<float><<<1,32>>>(b+i*64,i);
for j in 0..2 {empty e[i*2+j];k[i]->e[ i*2+j ];}}
for i in 1..L - 1 {k[i-1]->k[i];}
}
)";
  const std::string expected = R"(module "k.cu";

graph g {
    const L = 3;
    buffer b : f32[64 * L] device;
    for i in 0..L - 1 {
        kernel k[i] : f<float><<<1, 32>>>(b + i * 64, i);
        for j in 0..2 {
            empty e[i * 2 + j];
            k[i] -> e[i * 2 + j];
        }
    }
    for i in 1..L - 1 {
        k[i - 1] -> k[i];
    }
}
)";
  CHECK(formatted(messy) == expected);
  CHECK(meaning(messy) == meaning(expected));
}
