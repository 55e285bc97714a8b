#include <catch2/catch.hpp>

#include <stdexcept>

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
