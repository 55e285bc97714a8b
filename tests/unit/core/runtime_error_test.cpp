// graphc/runtime_error.h: the runtime's errors as the header-only code (generated C++, and
// the headers the runtime library shares with it) throws them, from the rows of
// graphc/base/runtime_codes.def that the runtime library renders through DiagEngine.
#include <catch2/catch.hpp>
#include <fmt/args.h>

#include <string>
#include <vector>

#include "diag/diagnostic.h"
#include "diag/render.h"
#include "graphc/runtime_error.h"

using namespace graphc;

namespace {

// The text of the graphc::Error `action` throws, which must carry `code`.
template <class Action>
std::string thrown(Action action, std::string_view code) {
  try {
    action();
  } catch (const Error& e) {
    CHECK(e.code() == code);
    return e.what();
  }
  FAIL("no graphc::Error thrown");
  return {};
}

// The first line of what the compiler's renderer writes for `code` reported at `range` with
// `args`: the runtime library's text of the same error (a source line and caret follow it).
template <class... Args>
std::string rendered(const SourceManager& sources, SourceRange range, DiagCode code, const Args&... args) {
  DiagEngine diags;
  const std::string text = render(sources, diags.report(code, range, args...));
  return text.substr(0, text.find('\n'));
}

}  // namespace

TEST_CASE("the headers' runtime errors read as DiagEngine renders the same rows", "[runtime][diag]") {
  SourceManager sources;
  const FileId file = sources.add("t.graph", "graph g {\n  kernel k : scale<<<4096, 256>>>(x);\n}\n");
  const SourceRange range{file, 19, 20};
  const std::string at = sources.location(range);
  REQUIRE(at == "t.graph:2:10");

  CHECK(thrown([&] { throw_error<RuntimeCode::kernel_not_found>(at, "scale", "k"); }, "R0002") ==
        rendered(sources, range, DiagCode::kernel_not_found, "scale", "k"));
  const std::size_t bytes = 32;
  const std::size_t needed = 64;
  CHECK(thrown([&] { throw_error<RuntimeCode::binding_size>(at, "x", bytes, needed); }, "R0007") ==
        rendered(sources, range, DiagCode::binding_size, "x", bytes, needed));
  const unsigned long long grid = 4096;
  const unsigned long long resident = 264;
  const int per_sm = 2;
  const int sms = 132;
  CHECK(thrown([&] { throw_error<RuntimeCode::cooperative_grid>(at, "k", grid, resident, per_sm, sms); }, "R0049") ==
        rendered(sources, range, DiagCode::cooperative_grid, "k", grid, resident, per_sm, sms));
  CHECK(thrown([&] { throw_error<RuntimeCode::node_config_refused>(at, "k", "grid dimension x is 0"); }, "R0032") ==
        rendered(sources, range, DiagCode::node_config_refused, "k", "grid dimension x is 0"));

  // R0001, through cuda_failure (what check_cuda throws): the node is named after the call.
  const std::string failed =
      thrown([&] { cuda_failure("cudaErrorInvalidValue", "invalid argument", "cudaGraphAddNode", "k", at); }, "R0001");
  CHECK(failed == rendered(sources, range, DiagCode::cuda_error, "cudaGraphAddNode for node 'k'",
                           "cudaErrorInvalidValue", "invalid argument"));
  CHECK(failed == "t.graph:2:10: error[R0001]: cudaGraphAddNode for node 'k' failed: cudaErrorInvalidValue "
                  "(invalid argument)");
}

TEST_CASE("a runtime error with no location and a call of no node say so in fewer words", "[runtime][diag]") {
  CHECK(thrown([] { throw_error<RuntimeCode::module_load>("", "k.ptx", "cudaErrorFileNotFound (file not found)"); },
               "R0006") == "error[R0006]: cannot load module 'k.ptx': cudaErrorFileNotFound (file not found)");
  CHECK(thrown([] { cuda_failure("cudaErrorInvalidValue", "invalid argument", "cudaGraphInstantiate", "", ""); },
               "R0001") == "error[R0001]: cudaGraphInstantiate failed: cudaErrorInvalidValue (invalid argument)");
}

TEST_CASE("every runtime row is the compiler's, and substitute() fills it as fmt does", "[runtime][diag]") {
  struct Row {
    RuntimeCode runtime;
    DiagCode compiler;
  };
  const std::vector<Row> rows = {
#define GRAPHC_DIAG(code, severity, id, format) {RuntimeCode::id, DiagCode::id},
#include "graphc/base/runtime_codes.def"
#undef GRAPHC_DIAG
  };
  for (const Row& row : rows) {
    const std::string_view format = format_of(row.runtime);
    INFO(code_name(row.runtime) << ": " << format);
    CHECK(code_name(row.runtime) == code_name(row.compiler));
    CHECK(format == format_of(row.compiler));
    CHECK(severity_of(row.compiler) == Severity::error);
    // Its only braces are `{}` fields, all substitute() reads: no `{{`, `}}` or specs.
    std::string fields_removed(format);
    for (std::size_t at = fields_removed.find("{}"); at != std::string::npos; at = fields_removed.find("{}", at)) {
      fields_removed.erase(at, 2);
    }
    CHECK(fields_removed.find_first_of("{}") == std::string::npos);
    // Filled with as many arguments as it has fields, it is fmt's text.
    std::vector<std::string> args;
    fmt::dynamic_format_arg_store<fmt::format_context> store;
    for (std::size_t i = 0; i < detail::field_count(format); ++i) {
      args.push_back(fmt::format("<{}>", i));
      store.push_back(args.back());
    }
    CHECK(substitute(format, args) == fmt::vformat(format, store));
  }
}

TEST_CASE("substitute() fills {} in order, keeps a {} it has no argument for and leaves extra arguments out",
          "[runtime][diag]") {
  CHECK(substitute("node '{}' of graph '{}'", {"k", "g"}) == "node 'k' of graph 'g'");
  CHECK(substitute("{}{}", {"a", "b"}) == "ab");
  CHECK(substitute("no fields", {}) == "no fields");
  // Too few: the field stays, so the text shows where an argument is missing.
  CHECK(substitute("node '{}' of graph '{}'", {"k"}) == "node 'k' of graph '{}'");
  CHECK(substitute("node '{}'", {}) == "node '{}'");
  // Too many: the extra ones are left out, as fmt leaves them out.
  CHECK(substitute("node '{}'", {"k", "g"}) == "node 'k'");
  // An argument is written as it is, never read for fields itself.
  CHECK(substitute("'{}' and '{}'", {"{}", "x"}) == "'{}' and 'x'");
}
