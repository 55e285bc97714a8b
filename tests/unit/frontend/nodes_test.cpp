// Node declarations: kernel, copy, memset, host, empty.
#include <catch2/catch.hpp>

#include "frontend_test_support.h"

using graphc::test::parse_ok;
using graphc::test::sexpr;
namespace ir = graphc::ir;

namespace {

const ir::KernelNode& kernel(const graphc::test::Parsed& p, std::string_view name) {
  const ir::Node& node = p.node(name);
  REQUIRE(std::holds_alternative<ir::KernelNode>(node.op));
  return std::get<ir::KernelNode>(node.op);
}

std::vector<std::string> sexprs(const std::vector<ir::Expr>& exprs) {
  std::vector<std::string> out;
  for (const ir::Expr& e : exprs) out.push_back(sexpr(e));
  return out;
}

}  // namespace

TEST_CASE("kernel: function, 1-D launch, arguments", "[grammar]") {
  const auto p =
      parse_ok("graph g {\n"
               "  kernel fwd : kernel_forward<<<ceil_div(N, 256), 256>>>(d_data, scale, N, d + 4, i64(1024), 2.0f);\n"
               "}\n");
  const ir::Node& node = p->node("fwd");
  CHECK(p->span(node.name_range) == "2:10-2:13");
  CHECK(p->span(node.range) == "2:3-2:100");
  CHECK(ir::kind_name(node) == "kernel");
  const ir::KernelNode& k = kernel(*p, "fwd");
  CHECK(k.function == "kernel_forward");
  CHECK(p->span(k.function_range) == "2:16-2:30");
  CHECK(sexprs(k.grid) == std::vector<std::string>{"(ceil_div N 256:i32)"});
  CHECK(sexprs(k.block) == std::vector<std::string>{"256:i32"});
  CHECK_FALSE(k.shared_memory.has_value());
  REQUIRE(k.args.size() == 6);
  CHECK(sexpr(k.args[0].expr) == "d_data");
  CHECK(p->span(k.args[0].range) == "2:58-2:64");
  CHECK(sexpr(k.args[3].expr) == "(+ d 4:i32)");
  CHECK(p->text(k.args[3].range) == "d + 4");
  CHECK(sexpr(k.args[4].expr) == "(i64 1024:i32)");
  CHECK(sexpr(k.args[5].expr) == "2:f32");
  CHECK(k.args[5].kind == ir::KernelArg::Kind::unresolved);
}

TEST_CASE("kernel: 2-D and 3-D dimensions, dynamic shared memory, no arguments", "[grammar]") {
  const auto p = parse_ok(R"(graph g {
  kernel a : f<<<(ceil_div(N, 16), ceil_div(N, 16)), (16, 16), 4096>>>();
  kernel b : f<<<(1, 2, 3), (4, 4, 4)>>>(x);
  kernel c : f<<<(a + b) * 2, (64)>>>(x);
}
)");
  const ir::KernelNode& a = kernel(*p, "a");
  CHECK(sexprs(a.grid) == std::vector<std::string>{"(ceil_div N 16:i32)", "(ceil_div N 16:i32)"});
  CHECK(sexprs(a.block) == std::vector<std::string>{"16:i32", "16:i32"});
  REQUIRE(a.shared_memory.has_value());
  CHECK(sexpr(*a.shared_memory) == "4096:i32");
  CHECK(a.args.empty());
  const ir::KernelNode& b = kernel(*p, "b");
  CHECK(sexprs(b.grid) == std::vector<std::string>{"1:i32", "2:i32", "3:i32"});
  CHECK(sexprs(b.block) == std::vector<std::string>{"4:i32", "4:i32", "4:i32"});
  const ir::KernelNode& c = kernel(*p, "c");
  CHECK(sexprs(c.grid) == std::vector<std::string>{"(* (+ a b) 2:i32)"});
  CHECK(sexprs(c.block) == std::vector<std::string>{"64:i32"});
}

TEST_CASE("kernel: nullptr is an argument of its own, not an expression or a name", "[grammar]") {
  const auto p = parse_ok("graph g {\n  kernel k : f<<<1, 1>>>(x, nullptr, nullptrs);\n}\n");
  const ir::KernelNode& k = kernel(*p, "k");
  REQUIRE(k.args.size() == 3);
  CHECK_FALSE(k.args[0].null_pointer);
  CHECK(k.args[1].null_pointer);
  CHECK(p->text(k.args[1].range) == "nullptr");
  CHECK_FALSE(k.args[2].null_pointer);
  CHECK(sexpr(k.args[2].expr) == "nullptrs");
}

TEST_CASE("kernel: launch attributes after the arguments, each a word with its arguments", "[grammar]") {
  const auto p =
      parse_ok("graph g {\n  kernel k : f<<<4, 32, 64>>>(x) [cooperative, cluster(2, 2), priority(-1)];\n}\n");
  const ir::KernelNode& k = kernel(*p, "k");
  CHECK(sexpr(*k.shared_memory) == "64:i32");
  REQUIRE(k.args.size() == 1);
  REQUIRE(k.attributes.size() == 3);
  CHECK(k.attributes[0].name == "cooperative");
  CHECK(k.attributes[0].args.empty());
  CHECK(k.attributes[1].name == "cluster");
  CHECK(sexprs(k.attributes[1].args) == std::vector<std::string>{"2:i32", "2:i32"});
  CHECK(p->text(k.attributes[1].range) == "cluster(2, 2)");
  CHECK(sexprs(k.attributes[2].args) == std::vector<std::string>{"(neg 1:i32)"});
}

TEST_CASE("kernel functions are C++ names, kept with normalised whitespace", "[grammar]") {
  const auto p = parse_ok(R"(graph g {
  kernel a : ns::axpy<float><<<1, 1>>>();
  kernel b : scale<float,4><<<1, 1>>>();
  kernel c : ::outer::inner< unsigned   int , ns::T<2> ><<<1, 1>>>();
  kernel d : f /* comment */ <<<1, 1>>>();
}
)");
  CHECK(kernel(*p, "a").function == "ns::axpy<float>");
  CHECK(kernel(*p, "b").function == "scale<float, 4>");
  CHECK(kernel(*p, "c").function == "::outer::inner<unsigned int, ns::T<2>>");
  CHECK(p->text(kernel(*p, "c").function_range) == "::outer::inner< unsigned   int , ns::T<2> >");
  CHECK(kernel(*p, "d").function == "f");
  CHECK(p->span(kernel(*p, "d").function_range) == "5:14-5:15");
}

TEST_CASE("copy: whole buffers, slices, and an optional byte count", "[grammar]") {
  const auto p = parse_ok(R"(graph g {
  copy up : d_data <- h_data;
  copy part : d[N / 2 : N / 2] <- h[0:16] bytes 64;
}
)");
  const ir::Node& up = p->node("up");
  CHECK(ir::kind_name(up) == "copy");
  CHECK(p->span(up.range) == "2:3-2:30");
  const auto& c = std::get<ir::CopyNode>(up.op);
  CHECK(c.dst.buffer == "d_data");
  CHECK(p->span(c.dst.name_range) == "2:13-2:19");
  CHECK(p->span(c.dst.range) == "2:13-2:19");
  CHECK_FALSE(c.dst.offset.has_value());
  CHECK_FALSE(c.dst.length.has_value());
  CHECK(c.src.buffer == "h_data");
  CHECK_FALSE(c.bytes.has_value());
  const auto& part = std::get<ir::CopyNode>(p->node("part").op);
  CHECK(part.dst.buffer == "d");
  CHECK(p->text(part.dst.range) == "d[N / 2 : N / 2]");
  CHECK(p->span(part.dst.name_range) == "3:15-3:16");
  CHECK(sexpr(*part.dst.offset) == "(/ N 2:i32)");
  CHECK(sexpr(*part.dst.length) == "(/ N 2:i32)");
  CHECK(part.src.buffer == "h");
  CHECK(sexpr(*part.src.offset) == "0:i32");
  CHECK(sexpr(*part.src.length) == "16:i32");
  REQUIRE(part.bytes.has_value());
  CHECK(sexpr(*part.bytes) == "64:i32");
}

TEST_CASE("memset: a buffer or a slice and a value", "[grammar]") {
  const auto p = parse_ok("graph g {\n  memset z : d = 0;\n  memset h : d[4:4] = 1.0f;\n}\n");
  const auto& z = std::get<ir::MemsetNode>(p->node("z").op);
  CHECK(ir::kind_name(p->node("z")) == "memset");
  CHECK(z.dst.buffer == "d");
  CHECK_FALSE(z.dst.offset.has_value());
  CHECK(sexpr(z.value) == "0:i32");
  CHECK(p->span(p->node("z").range) == "2:3-2:20");
  const auto& h = std::get<ir::MemsetNode>(p->node("h").op);
  CHECK(sexpr(*h.dst.offset) == "4:i32");
  CHECK(sexpr(h.value) == "1:f32");
}

TEST_CASE("copy and memset of 2-D boxes: rows, then columns", "[grammar]") {
  const auto p = parse_ok("graph g {\n  copy c : t <- img[r:4, c0 + 1:W / 2];\n  memset m : img[0:2, 3:5] = 0;\n}\n");
  const auto& c = std::get<ir::CopyNode>(p->node("c").op);
  CHECK_FALSE(c.dst.column.has_value());
  CHECK(p->text(c.src.range) == "img[r:4, c0 + 1:W / 2]");
  CHECK(sexpr(*c.src.offset) == "r");
  CHECK(sexpr(*c.src.length) == "4:i32");
  REQUIRE(c.src.column.has_value());
  CHECK(sexpr(*c.src.column) == "(+ c0 1:i32)");
  CHECK(sexpr(*c.src.columns) == "(/ W 2:i32)");
  const auto& m = std::get<ir::MemsetNode>(p->node("m").op);
  CHECK(sexpr(*m.dst.column) == "3:i32");
  CHECK(sexpr(*m.dst.columns) == "5:i32");
}

TEST_CASE("copy and memset of 3-D boxes: slices, rows, then columns", "[grammar]") {
  const auto p =
      parse_ok("graph g {\n  copy c : flat[k:n] <- vol[z:2, r:4, 1:W];\n  memset m : vol[0:1, 0:2, 3:5] = 0;\n}\n");
  const auto& c = std::get<ir::CopyNode>(p->node("c").op);
  CHECK(c.dst.ranges() == 1);
  CHECK_FALSE(c.dst.z.has_value());
  CHECK(p->text(c.src.range) == "vol[z:2, r:4, 1:W]");
  CHECK(c.src.ranges() == 3);
  REQUIRE(c.src.z.has_value());
  CHECK(sexpr(*c.src.z) == "z");
  CHECK(sexpr(*c.src.depth) == "2:i32");
  CHECK(sexpr(*c.src.offset) == "r");
  CHECK(sexpr(*c.src.length) == "4:i32");
  CHECK(sexpr(*c.src.column) == "1:i32");
  CHECK(sexpr(*c.src.columns) == "W");
  const auto& m = std::get<ir::MemsetNode>(p->node("m").op);
  CHECK(m.dst.ranges() == 3);
  CHECK(sexpr(*m.dst.columns) == "5:i32");
}

TEST_CASE("host and empty nodes", "[grammar]") {
  const auto p = parse_ok("graph g {\n  host report : ns::report_fn();\n  empty join;\n}\n");
  const ir::Node& report = p->node("report");
  CHECK(ir::kind_name(report) == "host");
  const auto& h = std::get<ir::HostNode>(report.op);
  CHECK(h.function == "ns::report_fn");
  CHECK(p->span(h.function_range) == "2:17-2:30");
  CHECK(p->span(report.range) == "2:3-2:33");
  const ir::Node& join = p->node("join");
  CHECK(ir::kind_name(join) == "empty");
  CHECK(p->span(join.name_range) == "3:9-3:13");
  CHECK(p->span(join.range) == "3:3-3:14");
}

TEST_CASE("a host node's arguments are expressions, in order, with their ranges", "[grammar]") {
  const auto p = parse_ok("graph g {\n  host report : report_fn(a, b + 1, 2.5);\n}\n");
  const auto& h = std::get<ir::HostNode>(p->node("report").op);
  REQUIRE(h.args.size() == 3);
  CHECK(sexpr(h.args[0].expr) == "a");
  CHECK(sexpr(h.args[1].expr) == "(+ b 1:i32)");
  CHECK(p->span(h.args[1].range) == "2:30-2:35");
  CHECK(p->span(h.args_range) == "2:26-2:41");
}
