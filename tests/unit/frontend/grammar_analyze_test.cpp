// PEGTL's grammar analysis: no rule can loop without consuming input.
#include <catch2/catch.hpp>
#include <tao/pegtl/contrib/analyze.hpp>

#include "grammar/errors.hpp"

TEST_CASE("the grammar has no rule that can loop without consuming input", "[grammar]") {
  CHECK(tao::pegtl::analyze<graphc::grammar::file>(1) == 0);
}
