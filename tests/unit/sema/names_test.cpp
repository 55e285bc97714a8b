// Names: duplicates, unknown names with "did you mean", names of the wrong kind.
#include <catch2/catch.hpp>

#include "sema_test_support.h"

using namespace graphc;
using graphc::test::analyze_text;
using graphc::test::single_diag;

TEST_CASE("consts, params, buffers and nodes share one namespace", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  const N = 4;
  buffer N : f32[16] device;
  empty a;
  empty a;
}
)");
  CHECK_FALSE(a->ok);
  const auto all = a->sorted();
  REQUIRE(all.size() == 2);
  test::check_diag(*a, all[0], DiagCode::duplicate_name, "3:10", "'N' is already declared in this scope");
  CHECK(a->notes(all[0]) == "2:9: previous declaration of 'N' is here\n");
  test::check_diag(*a, all[1], DiagCode::duplicate_name, "5:9", "'a' is already declared in this scope");
  CHECK(a->notes(all[1]) == "4:9: previous declaration of 'a' is here\n");
}

TEST_CASE("graphs share the module namespace", "[sema]") {
  const auto a = analyze_text("graph g { empty a; }\ngraph g { empty b; }\n");
  const Diagnostic d = single_diag(*a, DiagCode::duplicate_graph, "2:7", "graph 'g' is already declared");
  CHECK(a->notes(d) == "1:7: previous declaration of 'g' is here\n");
}

TEST_CASE("an unknown edge end suggests a node", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  empty forward;
  empty upload;
  upload -> forwrd;
}
)");
  const Diagnostic d = single_diag(*a, DiagCode::unknown_node, "4:13", "unknown node 'forwrd'");
  CHECK(a->notes(d) == "2:9: did you mean 'forward'?\n");
  CHECK_FALSE(a->graph().edges.at(0).to_id.valid());
}

TEST_CASE("suggestions are only names of the right kind", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  buffer data : f32[4] device;
  empty a;
  a -> dat;
}
)");
  const Diagnostic d = single_diag(*a, DiagCode::unknown_node, "4:8", "unknown node 'dat'");
  CHECK(d.notes.empty());
}

TEST_CASE("an edge naming a buffer is the wrong kind", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  buffer data : f32[4] device;
  empty a;
  a -> data;
}
)");
  const Diagnostic d = single_diag(*a, DiagCode::wrong_kind, "4:8", "'data' is a buffer, but a node is needed here");
  CHECK(a->notes(d) == "2:10: 'data' is declared here\n");
}

TEST_CASE("an unknown name in an expression suggests a const", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  const BLOCK = 256;
  kernel k : f<<<4, BLOK>>>();
}
)");
  const Diagnostic d = single_diag(*a, DiagCode::unknown_name, "3:21", "unknown name 'BLOK'");
  CHECK(a->notes(d) == "2:9: did you mean 'BLOCK'?\n");
}

TEST_CASE("a grid expression naming a buffer is the wrong kind", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  buffer data : f32[4] device;
  kernel k : f<<<data, 1>>>();
}
)");
  const Diagnostic d =
      single_diag(*a, DiagCode::wrong_kind, "3:18", "'data' is a buffer, but a constant is needed here");
  CHECK(a->notes(d) == "2:10: 'data' is declared here\n");
}

TEST_CASE("a param in a constant expression is not constant", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  param scale : i32 = 2;
  const N = scale * 4;
}
)");
  const Diagnostic d = single_diag(*a, DiagCode::not_constant, "3:13",
                                   "'scale' is a param, but this expression must be a compile-time constant");
  CHECK(a->notes(d) == "2:9: 'scale' is declared here\n");
}

TEST_CASE("an unknown kernel argument suggests a buffer, param or const", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  buffer data : f32[4] device;
  kernel k : f<<<1, 1>>>(dta);
}
)");
  const Diagnostic d = single_diag(*a, DiagCode::unknown_name, "3:26", "unknown name 'dta'");
  CHECK(a->notes(d) == "2:10: did you mean 'data'?\n");
}

TEST_CASE("a copy end that is a param has no memory space", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  param s : f32;
  buffer d : f32[4] device;
  copy c : d <- s;
}
)");
  const Diagnostic d = single_diag(*a, DiagCode::copy_direction, "4:17",
                                   "cannot determine the direction of copy 'c': 's' is a param, not a buffer, so "
                                   "the copy has no memory space");
  CHECK(a->notes(d) == "2:9: 's' is declared here\n");
}

TEST_CASE("a memset target must be a buffer", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  param s : f32;
  memset m : s = 0;
}
)");
  const Diagnostic d = single_diag(*a, DiagCode::wrong_kind, "3:14", "'s' is a param, but a buffer is needed here");
  CHECK(a->notes(d) == "2:9: 's' is declared here\n");
}

TEST_CASE("an unknown copy buffer suggests a buffer", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  buffer h_data : f32[4] host;
  buffer d_data : f32[4] device;
  copy c : d_data <- h_dat;
}
)");
  const Diagnostic d = single_diag(*a, DiagCode::unknown_name, "4:22", "unknown name 'h_dat'");
  CHECK(a->notes(d) == "2:10: did you mean 'h_data'?\n");
}

TEST_CASE("a name that failed does not cascade", "[sema]") {
  const auto a = analyze_text(R"(graph g {
  const A = B;
  const C = A * 2;
  buffer d : f32[C] device;
  kernel k : f<<<C, A>>>(d + C, A);
  copy c : d[0:C] <- d[C:A];
}
)");
  single_diag(*a, DiagCode::unknown_name, "2:13", "unknown name 'B'");
}

TEST_CASE("an unknown function in an expression", "[sema]") {
  const auto a = analyze_text("graph g {\n  const X = ceildiv(4, 2);\n  const Y = min(1);\n}\n");
  const auto all = a->sorted();
  REQUIRE(all.size() == 2);
  test::check_diag(*a, all[0], DiagCode::unknown_function, "2:13", "unknown function 'ceildiv' in expression");
  CHECK(a->notes(all[0]) == "did you mean 'ceil_div'?\n");
  test::check_diag(*a, all[1], DiagCode::call_arity, "3:13", "'min' takes 2 arguments, but the call passes 1");
}

TEST_CASE("a kernel or host function name generated code could not spell is E0111 at the name", "[sema]") {
  // The grammar takes template arguments up to their `>`, whatever they hold.
  single_diag(*analyze_text("graph g { kernel k : tiled<'unsigned int'><<<1, 1>>>(); }\n"), DiagCode::bad_function_name,
              "1:22",
              "kernel function 'tiled<'unsigned int'>' is not a C++ name that generated code and NVRTC can spell: "
              "names, '::' and template arguments of types and constant expressions, without quotes, '/', '#', '\\', "
              "';', braces or brackets");
  const auto a = analyze_text("graph g { host h : log<\"x\">(); }\n");
  REQUIRE(a->sorted().size() == 1);
  test::check_diag(*a, a->sorted()[0], DiagCode::bad_function_name, "1:20",
                   std::string("host function 'log<\"x\">' ") +
                       a->sorted()[0].message.substr(a->sorted()[0].message.find("is not")));
  // What C++ allows stays allowed.
  CHECK(analyze_text("graph g { kernel k : ::ns::f<unsigned int, (4 + 2), vec<float*>><<<1, 1>>>(); }\n")->ok);
}
