// wrap: a statement past the column limit broken over lines, at commas, before `->` and
// after opening brackets, never inside a token, a string or a comment.
#include <catch2/catch.hpp>

#include <string>

#include "format/wrap.h"
#include "format_test_support.h"

using graphc::format::kColumnLimit;
using graphc::test::formatted;
using graphc::test::meaning;
using graphc::test::widest_line;

namespace {

// A graph whose one statement, `    kernel k : f<<<1, 1>>>(x, NAME);`, is `columns` wide.
std::string kernel_line(std::size_t columns) {
  const std::string head = "    kernel k : f<<<1, 1>>>(x, ";
  return "graph g {\n" + head + std::string(columns - head.size() - 2, 'a') + ");\n}\n";
}

}  // namespace

TEST_CASE("fmt: a statement as wide as the limit stays on one line, one column more is broken", "[format]") {
  REQUIRE(kColumnLimit == 100);
  CHECK(formatted(kernel_line(100)) == kernel_line(100));
  CHECK(formatted(kernel_line(101)) ==
        "graph g {\n    kernel k : f<<<1, 1>>>(\n        x, " + std::string(69, 'a') + ");\n}\n");
}

TEST_CASE("fmt: a long argument list opens after its bracket and fills each line", "[format]") {
  const std::string text =
      "graph g {\n    kernel all_args : take_all<<<(2, 3, 4), (8, 4, 2), 65536>>>(a_i8, a_f16 + 2, p_f16, p_bf16, "
      "p_i64, p_u64, p_f64, p_u32, i8(-5), i16(300), -2147483647 - 1, -9223372036854775807ll - 1, u8(200), "
      "u16(60000), 4000000000u, 18446744073709551615ull, 2.5f, 0.1);\n}\n";
  const std::string once = formatted(text);
  CHECK(once == R"(graph g {
    kernel all_args : take_all<<<(2, 3, 4), (8, 4, 2), 65536>>>(
        a_i8, a_f16 + 2, p_f16, p_bf16, p_i64, p_u64, p_f64, p_u32, i8(-5), i16(300),
        -2147483647 - 1, -9223372036854775807ll - 1, u8(200), u16(60000), 4000000000u,
        18446744073709551615ull, 2.5f, 0.1);
}
)");
  CHECK(widest_line(once) <= kColumnLimit);
}

TEST_CASE("fmt: a long edge chain breaks before its arrows", "[format]") {
  const std::string text =
      "graph g {\n  position->embed->layer_0->layer_1->layer_2->layer_3->layer_4->layer_5->layer_6->"
      "layer_7->layer_8->layer_9->last_bias->download;\n}\n";
  CHECK(formatted(text) == R"(graph g {
    position -> embed -> layer_0 -> layer_1 -> layer_2 -> layer_3 -> layer_4 -> layer_5 -> layer_6
        -> layer_7 -> layer_8 -> layer_9 -> last_bias -> download;
}
)");
}

TEST_CASE("fmt: an edge group breaks after its commas, its brace never alone on a line", "[format]") {
  const std::string text =
      "graph g {\n    {first_node, second_node, third_node, fourth_node, fifth_node, sixth_node, seventh_node} "
      "-> {eighth_node, ninth_node} -> last;\n}\n";
  CHECK(formatted(text) == R"(graph g {
    {first_node, second_node, third_node, fourth_node, fifth_node, sixth_node, seventh_node}
        -> {eighth_node, ninth_node} -> last;
}
)");
  const std::string group =
      "graph g {\n    {first_node, second_node, third_node, fourth_node, fifth_node, sixth_node, seventh_node, "
      "eighth_node} -> last;\n}\n";
  CHECK(formatted(group) == R"(graph g {
    {first_node, second_node, third_node, fourth_node, fifth_node, sixth_node, seventh_node,
        eighth_node} -> last;
}
)");
}

TEST_CASE("fmt: a kernel's attributes move to a line of their own", "[format]") {
  const std::string text =
      "graph g {\n    kernel clustered : cluster_shape<<<16, 32>>>(shape) [cluster(4), priority(-2), "
      "sync_domain(remote), carveout(50)];\n}\n";
  CHECK(formatted(text) == R"(graph g {
    kernel clustered : cluster_shape<<<16, 32>>>(shape)
        [cluster(4), priority(-2), sync_domain(remote), carveout(50)];
}
)");
}

TEST_CASE("fmt: a block's header wraps two levels deep, apart from its body", "[format]") {
  const std::string text =
      "graph layer(x : f32[B * D] device, carry : f32[D] device, scratch : f32[S] device, k_cache : f32[B * D] "
      "device, w : f32[P] device) {\n    empty e;\n}\n";
  CHECK(formatted(text) == R"(graph layer(
        x : f32[B * D] device, carry : f32[D] device, scratch : f32[S] device,
        k_cache : f32[B * D] device, w : f32[P] device) {
    empty e;
}
)");
}

TEST_CASE("fmt: a nested statement wraps at its own depth", "[format]") {
  const std::string text =
      "graph g {\n    cond c = 1;\n    while loop (c) {\n        kernel test : cg_check<<<1, 1>>>(keep_going, "
      "iters, residual, rr, bb, TOLERANCE, MAX_ITERATIONS);\n    }\n}\n";
  CHECK(formatted(text) == R"(graph g {
    cond c = 1;
    while loop (c) {
        kernel test : cg_check<<<1, 1>>>(
            keep_going, iters, residual, rr, bb, TOLERANCE, MAX_ITERATIONS);
    }
}
)");
}

TEST_CASE("fmt: comments inside a wrapped statement stay where they are", "[format]") {
  // A block comment stays inline; a line comment ends its line and the statement goes on
  // at the continuation, where it wraps again; the trailing comment ends the last line.
  const std::string text = R"(graph g {
    kernel k : f<<<1, 1>>>(first_argument /* the input */, second_argument, third_argument, fourth_argument, // why
        fifth_argument, sixth_argument, seventh_argument, eighth_argument, ninth_argument, tenth_argument); // end
}
)";
  CHECK(formatted(text) == R"(graph g {
    kernel k : f<<<1, 1>>>(
        first_argument /* the input */, second_argument, third_argument, fourth_argument, // why
        fifth_argument, sixth_argument, seventh_argument, eighth_argument, ninth_argument,
        tenth_argument); // end
}
)");
}

TEST_CASE("fmt: a string or a comment is never broken, whatever its commas", "[format]") {
  const std::string text = "module \"a/path, with commas, that goes on and on and on, far past the column limit, "
                           "to its kernels.cu\"; // a comment, also long, with commas, that is never broken\n";
  CHECK(formatted(text) == text);
}

TEST_CASE("fmt: where no place to break fits, the line ends at the first place it can", "[format]") {
  const std::string name(96, 'f');
  CHECK(formatted("graph g {\n    kernel k : " + name + "<<<1, 1>>>(x, y);\n}\n") ==
        "graph g {\n    kernel k : " + name + "<<<\n        1, 1>>>(x, y);\n}\n");
}

TEST_CASE("fmt: breaking lines changes no meaning", "[format]") {
  const std::string text =
      "module \"k.cu\";\ngraph g {\n    const N = 64;\n    buffer x : f32[N] device;\n    buffer y : f32[N] device;\n"
      "    kernel a_long_node_name : a_long_kernel_name<<<(ceil_div(N, 16), 1), (16, 1)>>>(x, y + 1, N, 2.0f, "
      "N * 2, N - 1);\n    empty second_node;\n    empty third_node;\n    empty fourth_node;\n    empty fifth_node;\n"
      "    a_long_node_name -> {second_node, third_node} -> fourth_node -> fifth_node; "
      "second_node -> fourth_node;\n}\n";
  const std::string once = formatted(text);
  CHECK(widest_line(once) <= kColumnLimit);
  CHECK(once != text);
  CHECK(meaning(once) == meaning(text));
}
