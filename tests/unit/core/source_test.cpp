#include <catch2/catch.hpp>

#include "source/source.h"

using namespace graphc;

TEST_CASE("line and column are 1-based and clamp at the end", "[source]") {
  SourceFile f("a.graph", "ab\ncd\r\n\nlast");
  CHECK(f.line_column(0).line == 1);
  CHECK(f.line_column(0).column == 1);
  CHECK(f.line_column(1).column == 2);
  CHECK(f.line_column(3).line == 2);
  CHECK(f.line_column(3).column == 1);
  CHECK(f.line_column(7).line == 3);
  CHECK(f.line_column(8).line == 4);
  CHECK(f.line_column(1000).line == 4);
  CHECK(f.line_column(1000).column == 5);
  CHECK(f.line_text(2) == "cd");  // CR stripped
  CHECK(f.line_text(3).empty());
  CHECK(f.line_text(4) == "last");
  CHECK(f.offset_of(2, 2) == 4);
}

TEST_CASE("a source manager prints path:line:col as given", "[source]") {
  SourceManager sm;
  const FileId id = sm.add("dir/x.graph", "graph g {\n  empty e;\n}\n");
  const SourceRange r{id, 18, 19};
  CHECK(sm.location(r) == "dir/x.graph:2:9");
  CHECK(sm.text(r) == "e");
  CHECK(sm.location(SourceRange{}) == "<unknown>");
}
