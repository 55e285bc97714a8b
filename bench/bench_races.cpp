// bench_races: what the race analysis (sema/check_races.h) costs the loader, on the
// bench_graphs shapes at 1 000 and 10 000 nodes, each kernel passed one buffer x:
//   reads   every kernel states reads(x): no race, but every node is an accessor, so the
//           analysis does all its work (bit rows over every node);
//   writes  every kernel may write x: the same work, and a race (W0305: kernels' extents
//           are assumed) for each parallel shape.
// Per row: the loader (compile_text: parse, validate with the analysis, optimise), the
// analysis alone on the compiled module, both per node, and the analysis' share of the
// loader. Medians of 5 runs. Needs no GPU: build/bench/bench_races
#include <cstdio>
#include <string>

#include <fmt/format.h>

#include "compile.h"
#include "load_timing.h"
#include "sema/check_races.h"
#include "shapes.h"
#include "timing.h"

namespace graphc::bench {
namespace {

// graph_text's shape with a buffer that every kernel is passed.
std::string with_memory(const ShapeGraph& g, bool writes) {
  std::string text = graph_text(g);
  const std::string call = "noop<<<1, 32>>>()";
  const std::string passed = writes ? "noop<<<1, 32>>>(x)" : "noop<<<1, 32>>>(x) [reads(x)]";
  for (std::size_t at = text.find(call); at != std::string::npos; at = text.find(call, at + passed.size())) {
    text.replace(at, call.size(), passed);
  }
  return text.insert(text.find('\n') + 1, "    buffer x : f32[1024] device;\n");
}

void row(const ShapeGraph& g, bool writes) {
  const std::string text = with_memory(g, writes);
  std::size_t races = 0;
  const double load_us = median_load_us(text, [&](const Compilation& c) { races = c.diags.warning_count(); });
  const std::unique_ptr<Compilation> c = compile_text("shape.graph", text, CompileOptions{.optimize = false});
  const double races_us = median_of(5, [&] {
    DiagEngine diags;
    const Clock::time_point start = Clock::now();
    sema::check_races(c->module, sema::KernelInfo{}, diags);
    return us_since(start);
  });
  const double n = static_cast<double>(g.nodes);
  std::printf("%-13s %6zu %-6s %8zu | %9.2f %9.3f | %6.1f%%\n", shape_name(g.shape), g.nodes,
              writes ? "writes" : "reads", races, load_us / n, races_us / n, 100.0 * races_us / load_us);
}

}  // namespace
}  // namespace graphc::bench

int main() {
  using namespace graphc::bench;
  std::printf("%-13s %6s %-6s %8s | %9s %9s | %7s\n", "shape", "nodes", "x", "races", "load/node", "race/node",
              "share");
  for (const Shape shape : {Shape::chain, Shape::chains4, Shape::fork_join128, Shape::roots128, Shape::implied16}) {
    for (const std::size_t n : {1000, 10000}) {
      for (const bool writes : {false, true}) row(make_shape(shape, n), writes);
    }
  }
  return 0;
}
