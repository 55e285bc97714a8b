#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>

#include "backend/cpp/code_writer.h"

using graphc::backend::CodeWriter;
using graphc::backend::Indented;

TEST_CASE("the code writer indents lines and counts them", "[codegen]") {
  CodeWriter out;
  CHECK(out.next_line() == 1);
  out.line("void f() {");
  {
    const Indented body(out);
    out.line("int x = 0;");
    out.directive("#line 7 \"a.graph\"");
    out.blank();
    {
      const Indented inner(out);
      out.line("++x;");
    }
  }
  out.line("}");
  CHECK(out.next_line() == 7);
  CHECK(out.text() == "void f() {\n  int x = 0;\n#line 7 \"a.graph\"\n\n    ++x;\n}\n");
  CHECK_THROWS_AS(out.line("a\nb"), std::logic_error);
  CHECK_THROWS_AS(out.dedent(), std::logic_error);
}

TEST_CASE("the code writer wraps code past 100 columns after the commas of its outermost brackets", "[codegen]") {
  CodeWriter out;
  out.line("void f() {");
  {
    const Indented body(out);
    // 2 + 96 columns: fits, unwrapped.
    const std::string fits = "call(" + std::string(88, 'a') + ", b);";
    REQUIRE(fits.size() == 98);
    out.line(fits);
    // 103 columns: the last comma within 100 of add_node's own parentheses, not join_params'.
    out.line("graphc::add_node(nodes.join, graph, {nodes.left, nodes.right, nodes.middle}, join_params(b, nodes), "
             "{{port, 0, type, {}}});");
  }
  out.line("}");
  CHECK(out.next_line() == 6);
  // clang-format off
  CHECK(out.text() ==
        "void f() {\n"
        "  call(" + std::string(88, 'a') + ", b);\n"
        "  graphc::add_node(nodes.join, graph, {nodes.left, nodes.right, nodes.middle},\n"
        "      join_params(b, nodes), {{port, 0, type, {}}});\n"
        "}\n");
  // clang-format on
}

TEST_CASE("the code writer never wraps inside literals or comments and moves a long trailing comment above",
          "[codegen]") {
  CodeWriter out;
  const std::string literal = "f(\"" + std::string(60, 'x') + ", " + std::string(60, 'y') + "\");";
  out.line(literal);  // its only comma is inside the string: one line, however long
  const std::string comment = "int x = 0;  // " + std::string(50, 'c') + ", " + std::string(50, 'd');
  out.line(comment);
  const std::string whole_comment = "// " + std::string(60, 'e') + ", " + std::string(60, 'f');
  out.line(whole_comment);
  const std::string chars = "g('" + std::string(1, ',') + "', " + std::string(100, 'z') + ");";
  out.line(chars);  // wraps after "',', " only
  const std::string block = "h(a /* x, y */, " + std::string(100, 'w') + ");";
  out.line(block);  // wraps after "*/, " only
  // The trailing comment goes above its code, which then fits.
  CHECK(out.text() == literal + "\n" + "// " + std::string(50, 'c') + ", " + std::string(50, 'd') + "\nint x = 0;\n" +
                          whole_comment + "\n" + "g(',',\n    " + std::string(100, 'z') + ");\n" +
                          "h(a /* x, y */,\n    " + std::string(100, 'w') + ");\n");
}

TEST_CASE("the code writer replaces a text everywhere, keeping the lines and their count", "[codegen]") {
  CodeWriter out(10);
  out.line("graphc::NodeParams p(\"step_0\", \"heat2d.graph:25:16\");");
  out.line("check(\"step_0\", \"step_0\");");
  out.replace_all("\"step_0\"", "name");
  CHECK(out.text() == "graphc::NodeParams p(name, \"heat2d.graph:25:16\");\ncheck(name, name);\n");
  CHECK(out.next_line() == 13);
  CHECK_THROWS_AS(out.replace_all("a\nb", "c"), std::logic_error);
  CHECK_THROWS_AS(out.replace_all("", "c"), std::logic_error);
}

TEST_CASE("the code writer fills a block's named holes and writes its lines as line() and directive() do",
          "[codegen]") {
  CodeWriter out;
  out.indent();
  out.block(R"(#ifndef $guard
namespace $space {

void f($type value);
}  // namespace $space
)",
            {{"guard", "GUARD_H"}, {"space", "graphc::gen::x"}, {"type", "float"}});
  CHECK(out.text() ==
        "#ifndef GUARD_H\n  namespace graphc::gen::x {\n\n  void f(float value);\n  }  // namespace graphc::gen::x\n");
  CHECK(out.next_line() == 6);
  CHECK_THROWS_AS(out.block("$missing"), std::logic_error);
  CodeWriter holes;
  holes.block("f($a);", {{"a", "$a"}});  // a hole's text is not searched for holes
  CHECK(holes.text() == "f($a);\n");
}
