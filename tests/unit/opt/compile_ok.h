// The optimiser's tests compile text that must be valid: compile_ok fails the test case
// when it is not.
#pragma once

#include <catch2/catch.hpp>

#include <memory>
#include <string>

#include "compile.h"

namespace graphc::test {

/// compile_text("t.graph", text, options), REQUIRE-d to have no errors.
inline std::unique_ptr<Compilation> compile_ok(const std::string& text, CompileOptions options = {}) {
  auto c = compile_text("t.graph", text, options);
  REQUIRE(c->ok());
  return c;
}

}  // namespace graphc::test
