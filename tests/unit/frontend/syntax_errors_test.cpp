// Syntax errors: E0001 at the exact position with the rule's message; parsing stops at the
// first one.
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "frontend_test_support.h"

using graphc::DiagCode;
using graphc::test::expect_error;

TEST_CASE("a missing semicolon points just after the declaration when the next token is on a later line", "[grammar]") {
  expect_error("graph g {\n  buffer a : f32[4] device\n  empty e;\n}\n", DiagCode::syntax_error, "2:27",
               "expected '=' or ';' after the buffer's memory space");
  expect_error("graph g {\n  const N = 4\n}\n", DiagCode::syntax_error, "2:14",
               "expected ';' after the const declaration");
  expect_error("graph g {\n  kernel k : f<<<1, 1>>>(a)  // comment\n\n  empty e;\n}\n", DiagCode::syntax_error, "2:28",
               "expected '[' and the kernel's attributes, or ';', after the kernel node");
}

TEST_CASE("a syntax error is the only diagnostic, though statements before it were already built", "[grammar]") {
  // The IR is built statement by statement while the file is parsed: what building the
  // statements before the error reported (E0003, E0107) is not shown.
  expect_error("module \"k.ptx\";\nstruct S { a : f32; }\ngraph g {\n  const N = 12abc;\n  buffer b : f32[4] gpu;\n"
               "  empty e\n}\n",
               DiagCode::syntax_error, "6:10", "expected ';' after the empty node");
}

TEST_CASE("an unexpected token on the same line is pointed at", "[grammar]") {
  expect_error("graph g {\n  const N = 4 empty e;\n}\n", DiagCode::syntax_error, "2:15",
               "expected ';' after the const declaration");
  expect_error("graph g {\n  buffer a : f32 device;\n}\n", DiagCode::syntax_error, "2:18",
               "expected '[' and the number of elements after the buffer's element type");
  expect_error("graph g {\n  param p f32;\n}\n", DiagCode::syntax_error, "2:11",
               "expected ':' and a type after the param's name");
}

TEST_CASE("a buffer's device and peers are written device(i) peers(j, ...)", "[grammar]") {
  expect_error("graph g {\n  buffer a : f32[4] device(1 peers(0);\n}\n", DiagCode::syntax_error, "2:30",
               "expected ')' after a device number");
  expect_error("graph g {\n  buffer a : f32[4] device(1) peers;\n}\n", DiagCode::syntax_error, "2:36",
               "expected '(' and the devices, as in peers(0, 1)");
  expect_error("graph g {\n  buffer a : f32[4] device(1) peers(0 2);\n}\n", DiagCode::syntax_error, "2:39",
               "expected ')' after a device number");
}

TEST_CASE("reserved words cannot be names", "[grammar]") {
  expect_error("graph g {\n  buffer const : f32[4] device;\n}\n", DiagCode::syntax_error, "2:10",
               "'const' is a reserved word and cannot be used as a name");
  expect_error("graph kernel { }\n", DiagCode::syntax_error, "1:7",
               "'kernel' is a reserved word and cannot be used as a name");
  expect_error("graph g {\n  empty f32;\n}\n", DiagCode::syntax_error, "2:9",
               "'f32' is a reserved word and cannot be used as a name");
  expect_error("graph g {\n  a -> host;\n}\n", DiagCode::syntax_error, "2:8",
               "'host' is a reserved word and cannot be used as a name");
  expect_error("graph g {\n  const X = 1 + buffer;\n}\n", DiagCode::syntax_error, "2:17",
               "'buffer' is a reserved word and cannot be used as a name");
  expect_error("graph g {\n  a -> while;\n}\n", DiagCode::syntax_error, "2:8",
               "'while' is a reserved word and cannot be used as a name");
}

TEST_CASE("a node declaration's keyword at the start of an edge is a reserved word, not a node", "[grammar]") {
  // `host -> a;` reads as a host node with no name; the error says why at the keyword.
  expect_error("graph g {\n  empty a;\n  host -> a;\n}\n", DiagCode::syntax_error, "3:3",
               "'host' is a reserved word and cannot name a node");
  expect_error("graph g {\n  empty a;\n  copy->a;\n}\n", DiagCode::syntax_error, "3:3",
               "'copy' is a reserved word and cannot name a node");
  expect_error("graph g {\n  empty a;\n  for i in 0..2 { while -> a; }\n}\n", DiagCode::syntax_error, "3:19",
               "'while' is a reserved word and cannot name a node");
  expect_error("graph g {\n  empty a;\n  free\n    -> a;\n}\n", DiagCode::syntax_error, "3:3",
               "'free' is a reserved word and cannot name a node");
}

TEST_CASE("a misspelt declaration keyword reads as the start of an edge", "[grammar]") {
  expect_error("graph g {\n  kernal k : f<<<1, 1>>>();\n}\n", DiagCode::syntax_error, "2:10",
               "expected '->' after the node's name; a declaration starts with const, param, buffer, view, cond, "
               "event, comm, kernel, copy, memset, host, empty, if, while, switch, record, wait, alloc, free, "
               "call, capture, collective or for");
}

TEST_CASE("a misspelt keyword gets a suggestion at the word", "[grammar]") {
  struct Case {
    std::string text;
    std::string position;
    std::string note;  // "line:col: message", or empty for none
  };
  const std::vector<Case> cases = {
      {"graph g {\n  kernal k : f<<<1, 1>>>();\n}\n", "2:10", "2:3: did you mean 'kernel'?"},
      {"graph g {\n  buffr b : f32[4] device;\n}\n", "2:9", "2:3: did you mean 'buffer'?"},
      {"graph g {\n  a b;\n}\n", "2:5", ""},
      {"grph g { }\n", "1:1", "1:1: did you mean 'graph'?"},
      {"graph g {\n  buffer b : f32[4] device = fil(0);\n}\n", "2:30", "2:30: did you mean 'fill'?"},
      {"graph g {\n  copy c : d <- h byte 4;\n}\n", "2:19", "2:19: did you mean 'bytes'?"},
  };
  for (const Case& c : cases) {
    const auto p = graphc::test::parse_any(c.text);
    const auto all = p->diags.sorted();
    INFO(c.text);
    REQUIRE(all.size() == 1);
    CHECK(code_name(all[0].code) == "E0001");
    CHECK(p->at(all[0].range) == c.position);
    std::string notes;
    for (const auto& note : all[0].notes) notes += p->at(note.range) + ": " + note.message;
    CHECK(notes == c.note);
  }
}

TEST_CASE("expression errors", "[grammar]") {
  expect_error("graph g {\n  const X = ;\n}\n", DiagCode::syntax_error, "2:13", "expected an expression");
  expect_error("graph g {\n  const X = 1 + * 2;\n}\n", DiagCode::syntax_error, "2:17",
               "expected an operand after the operator");
  expect_error("graph g {\n  const X = 2 * ;\n}\n", DiagCode::syntax_error, "2:17",
               "expected an operand after the operator");
  expect_error("graph g {\n  const X = (1 + 2;\n}\n", DiagCode::syntax_error, "2:19",
               "expected ')' to close the parenthesis");
  expect_error("graph g {\n  const X = min(1 2);\n}\n", DiagCode::syntax_error, "2:19",
               "expected ',' or ')' after a function argument");
  expect_error("graph g {\n  const X = min(1, );\n}\n", DiagCode::syntax_error, "2:20", "expected an expression");
  expect_error("graph g {\n  const X = i64 + 1;\n}\n", DiagCode::syntax_error, "2:17",
               "expected '(' after the type: a cast is written like i64(x)");
  expect_error("graph g {\n  const X = i64(1, 2);\n}\n", DiagCode::syntax_error, "2:18",
               "expected ')' after the value of the cast: a cast takes one value");
}

TEST_CASE("kernel launch errors", "[grammar]") {
  expect_error("graph g {\n  kernel k : f(a);\n}\n", DiagCode::syntax_error, "2:15",
               "expected '<<<' and the launch configuration after the kernel's name");
  expect_error("graph g {\n  kernel k : f<<<1>>>(a);\n}\n", DiagCode::syntax_error, "2:19",
               "expected ',' and the block size after the grid size");
  expect_error("graph g {\n  kernel k : f<<<1, 2, 3, 4>>>(a);\n}\n", DiagCode::syntax_error, "2:25",
               "expected '>>>' after the launch configuration (grid, block and shared memory)");
  expect_error("graph g {\n  kernel k : f<<<(1, 2, 3, 4), 1>>>(a);\n}\n", DiagCode::syntax_error, "2:26",
               "expected ')' after the dimensions: at most three, (x, y, z)");
  expect_error("graph g {\n  kernel k : f<<<1, 1>>>;\n}\n", DiagCode::syntax_error, "2:25",
               "expected '(' and the kernel's arguments after '>>>'");
  expect_error("graph g {\n  kernel k : f<<<1, 1>>>(a b);\n}\n", DiagCode::syntax_error, "2:28",
               "expected ',' or ')' after a kernel argument");
  expect_error("graph g {\n  kernel k : <<<1, 1>>>();\n}\n", DiagCode::syntax_error, "2:14",
               "expected the kernel function, such as axpy or ns::scale<float>");
}

TEST_CASE("copy, memset, host and empty errors", "[grammar]") {
  expect_error("graph g {\n  copy c : d -> h;\n}\n", DiagCode::syntax_error, "2:14",
               "expected '<-' and the source after the destination");
  expect_error("graph g {\n  copy c : d <- h[0 4];\n}\n", DiagCode::syntax_error, "2:21",
               "expected ':' between the slice's offset and length, as in buf[offset:length]");
  expect_error("graph g {\n  copy c : d <- h[0:4, 2 4];\n}\n", DiagCode::syntax_error, "2:26",
               "expected ':' between the range's start and size, as in buf[row:rows, column:columns]");
  expect_error("graph g {\n  copy c : d <- h[0:1, 0:4, 0:2, 0:3];\n}\n", DiagCode::syntax_error, "2:32",
               "expected ']' after the slice's length, or ',' and the box's next range (at most three: "
               "buf[z:depth, row:rows, column:columns])");
  expect_error("graph g {\n  buffer img : f32[16][32 device;\n}\n", DiagCode::syntax_error, "2:27",
               "expected ']' after the number of elements per row");
  expect_error("graph g {\n  copy c : d <- h byte 4;\n}\n", DiagCode::syntax_error, "2:19",
               "expected 'bytes' or ';' after the copy's source");
  expect_error("graph g {\n  memset m : d 0;\n}\n", DiagCode::syntax_error, "2:16",
               "expected '=' and the value after the memset's destination");
  expect_error("graph g {\n  host h : report;\n}\n", DiagCode::syntax_error, "2:18",
               "expected '(' after the host function's name");
  expect_error("graph g {\n  host h : report(@child, x);\n}\n", DiagCode::syntax_error, "2:19",
               "expected ',' or ')' after an argument of the host function, whose arguments are buffers, params and "
               "constant expressions (not '@graph')");
  expect_error("graph g {\n  host h : report(x y);\n}\n", DiagCode::syntax_error, "2:21",
               "expected ',' or ')' after an argument of the host function, whose arguments are buffers, params and "
               "constant expressions (not '@graph')");
  expect_error("graph g {\n  host h : report(nullptr);\n}\n", DiagCode::syntax_error, "2:19",
               "'nullptr' is a reserved word and cannot be used as a name");
  expect_error("graph g {\n  empty;\n}\n", DiagCode::syntax_error, "2:8", "expected the node's name after 'empty'");
}

TEST_CASE("buffer initial contents errors", "[grammar]") {
  expect_error("graph g {\n  buffer a : f32[2] device = 0;\n}\n", DiagCode::syntax_error, "2:30",
               "expected the buffer's initial contents: fill(v), iota(start) or {v0, v1, ...}");
  expect_error("graph g {\n  buffer a : f32[2] device = {1, 2;\n}\n", DiagCode::syntax_error, "2:35",
               "expected ',' or '}' after a value of the list");
  expect_error("graph g {\n  buffer a : f32[2] device = fill 1;\n}\n", DiagCode::syntax_error, "2:35",
               "expected '(' after 'fill'");
}

TEST_CASE("edge errors", "[grammar]") {
  expect_error("graph g {\n  a -> ;\n}\n", DiagCode::syntax_error, "2:8",
               "expected a node's name or a group {a, b, ...} after '->'");
  expect_error("graph g {\n  a -> b c;\n}\n", DiagCode::syntax_error, "2:10", "expected '->' or ';' after the node");
  expect_error("graph g {\n  a -> {b c};\n}\n", DiagCode::syntax_error, "2:11",
               "expected ',' or '}' after a node of the group");
  expect_error("graph g {\n  a -> {};\n}\n", DiagCode::syntax_error, "2:9", "expected a node's name");
}

TEST_CASE("graph and file level errors", "[grammar]") {
  expect_error("graph g\n  empty e;\n}\n", DiagCode::syntax_error, "1:8",
               "expected '(' and its parameters, '[' and its attributes, or '{', after the graph's name");
  expect_error("graph g {\n  empty e;\n", DiagCode::syntax_error, "2:11",
               "expected a declaration, an edge, or '}' to close the graph");
  expect_error("graph g {\n  ;\n}\n", DiagCode::syntax_error, "2:3",
               "expected a declaration, an edge, or '}' to close the graph");
  expect_error("graph g { }\nempty e;\n", DiagCode::syntax_error, "2:1",
               "expected 'module', 'import', 'struct' or 'graph' at the top level of the file");
  expect_error("module kernels.cu;\n", DiagCode::syntax_error, "1:8",
               "expected the module's path as a string, such as \"kernels.cu\"");
  expect_error("module \"k.cu\"\ngraph g { }\n", DiagCode::syntax_error, "1:14",
               "expected ';' after the module declaration");
}

TEST_CASE("unterminated comments and strings point at their opening", "[grammar]") {
  expect_error("graph g {\n  empty e; /* never\n  closed\n}\n", DiagCode::syntax_error, "2:12",
               "unterminated comment: '/*' has no matching '*/'");
  expect_error("module \"k.cu;\ngraph g { }\n", DiagCode::syntax_error, "1:8",
               "unterminated string: '\"' has no matching '\"' on its line");
}

TEST_CASE("parsing stops at the first syntax error and yields no graphs", "[grammar]") {
  const auto p = graphc::test::parse_any("graph a { empty x; }\ngraph b {\n  const X = ;\n  const Y = ;\n}\n");
  CHECK(p->diags.diagnostics().size() == 1);
  CHECK(p->module.graphs.empty());
  CHECK(p->module.path == "t.graph");
}

TEST_CASE("an empty file, or one of only comments, is an empty module", "[grammar]") {
  CHECK(graphc::test::parse_ok("")->module.graphs.empty());
  CHECK(graphc::test::parse_ok("// nothing\n/* at all */\n")->module.modules.empty());
}

TEST_CASE("nesting is bounded, so that no input exhausts the stack", "[grammar]") {
  const std::string ok_parens = std::string(256, '(') + "1" + std::string(256, ')');
  CHECK(graphc::test::parse_ok("graph g { const X = " + ok_parens + "; }")->graph().consts.size() == 1);
  expect_error("graph g { const X = (" + ok_parens + "); }", DiagCode::syntax_error, "1:278",
               "nested too deeply: at most 256 levels of parentheses, negations, calls, casts and template arguments");
  const std::string deep = std::string(100000, '(') + "1" + std::string(100000, ')');
  expect_error("graph g { const X = " + deep + "; }", DiagCode::syntax_error, "1:278",
               "nested too deeply: at most 256 levels of parentheses, negations, calls, casts and template arguments");
  expect_error("graph g { const X = " + std::string(300, '-') + "1; }", DiagCode::syntax_error, "1:278",
               "nested too deeply: at most 256 levels of parentheses, negations, calls, casts and template arguments");
  std::string nested_template;
  for (int i = 0; i < 300; ++i) nested_template += "<a";
  expect_error("graph g { kernel k : f" + nested_template + std::string(300, '>') + "<<<1, 1>>>(); }",
               DiagCode::syntax_error, "1:536",
               "nested too deeply: at most 256 levels of parentheses, negations, calls, casts and template arguments");
}

TEST_CASE("a long chain of operations is bounded in depth", "[grammar]") {
  std::string chain = "1";
  for (int i = 0; i < 1023; ++i) chain += " + 1";
  CHECK(graphc::test::parse_ok("graph g { const X = " + chain + "; }")->graph().consts.size() == 1);
  expect_error("graph g {\n  const X = " + chain + " + 1;\n}\n", DiagCode::syntax_error, "2:13",
               "expression too deep: over 1024 operations inside one another; split it with consts");
  std::string nested = "1";
  for (int i = 0; i < 200; ++i) nested = "(" + nested + " + 1 + 1 + 1 + 1 + 1 + 1)";
  const auto p = graphc::test::parse_any("graph g { const X = " + nested + "; }");
  REQUIRE(p->diags.diagnostics().size() >= 1);
  CHECK(p->diags.diagnostics()[0].message ==
        "expression too deep: over 1024 operations inside one another; split it with consts");
}
