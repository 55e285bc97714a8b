// align_declarations: runs of declarations the file set in columns stay in columns.
#include <catch2/catch.hpp>

#include <string>

#include "format_test_support.h"

using graphc::test::formatted;

TEST_CASE("fmt: a run the file aligned is padded to its longest keyword and name", "[format]") {
  // As the README writes it, but `scale` and `copy download` fell out of line.
  const std::string text = R"(module "train_kernels.cu";

graph train_step {
    const N = 1048576;
    buffer h_data : f32[N] host = iota(0);
    buffer d_data : f32[N] device;
    param  scale : f32 = 2.0f;

    copy   upload   : d_data <- h_data;
    kernel forward  : kernel_forward<<<ceil_div(N, 256), 256>>>(d_data, scale, N);
    kernel backward : kernel_backward<<<ceil_div(N, 256), 256>>>(d_data, scale, N);
    copy download : h_data <- d_data;

    upload -> forward -> backward -> download;
}
)";
  CHECK(formatted(text) == R"(module "train_kernels.cu";

graph train_step {
    const N = 1048576;
    buffer h_data : f32[N] host = iota(0);
    buffer d_data : f32[N] device;
    param  scale  : f32 = 2.0f;

    copy   upload   : d_data <- h_data;
    kernel forward  : kernel_forward<<<ceil_div(N, 256), 256>>>(d_data, scale, N);
    kernel backward : kernel_backward<<<ceil_div(N, 256), 256>>>(d_data, scale, N);
    copy   download : h_data <- d_data;

    upload -> forward -> backward -> download;
}
)");
}

TEST_CASE("fmt: a run nobody aligned keeps one space", "[format]") {
  const std::string text =
      "graph g {\n    buffer h_data : f32[4] host;\n    buffer d:f32[4] device;\n    param scale : f32;\n}\n";
  CHECK(formatted(text) ==
        "graph g {\n    buffer h_data : f32[4] host;\n    buffer d : f32[4] device;\n    param scale : f32;\n}\n");
}

TEST_CASE("fmt: a blank line, a comment line or a statement of another form ends a run", "[format]") {
  const std::string text = R"(graph g {
    buffer a  : f32[4] device;
    buffer bbbbbb : f32[4] device;

    buffer c : f32[4] device;
    copy   long_name : c <- a;
    // unaligned
    copy x : a <- c;
    kernel yy : f<<<1, 1>>>(a);
    cond again = 1;
    copy   z : a <- c;
    kernel zzzz : f<<<1, 1>>>(c);
}
)";
  CHECK(formatted(text) == R"(graph g {
    buffer a      : f32[4] device;
    buffer bbbbbb : f32[4] device;

    buffer c         : f32[4] device;
    copy   long_name : c <- a;
    // unaligned
    copy x : a <- c;
    kernel yy : f<<<1, 1>>>(a);
    cond again = 1;
    copy   z    : a <- c;
    kernel zzzz : f<<<1, 1>>>(c);
}
)");
}

TEST_CASE("fmt: the padding of an aligned run is worked out again", "[format]") {
  // Too much padding shrinks to what the longest name needs; names of one width need none,
  // and that output (no padding left) is a fixed point too.
  CHECK(formatted("graph g {\n    buffer a        : f32[4] device;\n    buffer bb : f32[4] device;\n}\n") ==
        "graph g {\n    buffer a  : f32[4] device;\n    buffer bb : f32[4] device;\n}\n");
  CHECK(formatted("graph g {\n    buffer aa   : f32[4] device;\n    buffer bb : f32[4] device;\n}\n") ==
        "graph g {\n    buffer aa : f32[4] device;\n    buffer bb : f32[4] device;\n}\n");
}

TEST_CASE("fmt: struct fields and indexed names align, end-of-line comments after them", "[format]") {
  const std::string text = R"(struct Args {
    x     : f32*;   // input
    count : i32;    // elements
}

graph g {
    const L = 2;
    buffer b : f32[64] device;
    for i in 0..L {
        kernel k[i]  : f<<<1, 32>>>(b + i * 32);
        copy c[i + 1] : b[i * 32:32] <- b[0:32];
    }
}
)";
  CHECK(formatted(text) == R"(struct Args {
    x     : f32*; // input
    count : i32;  // elements
}

graph g {
    const L = 2;
    buffer b : f32[64] device;
    for i in 0..L {
        kernel k[i]     : f<<<1, 32>>>(b + i * 32);
        copy   c[i + 1] : b[i * 32:32] <- b[0:32];
    }
}
)");
}

TEST_CASE("fmt: a declaration wrapped over lines stays in its run's columns", "[format]") {
  const std::string text = R"(graph g {
    copy   c : x <- y;
    kernel kk : a_kernel_with_a_long_name<<<1, 32>>>(x, x + 1, x + 2, x + 3, 1.0f, 2.0f, 3.0f, 4.0f);
}
)";
  CHECK(formatted(text) == R"(graph g {
    copy   c  : x <- y;
    kernel kk : a_kernel_with_a_long_name<<<1, 32>>>(
        x, x + 1, x + 2, x + 3, 1.0f, 2.0f, 3.0f, 4.0f);
}
)");
}
