// check_graph FILE: compiles FILE with graphc::compile_file and prints its diagnostics, or
// one line per graph: "<graph>: <nodes> nodes, <edges> edges". Exit 1 on errors.
#include <cstdio>

#include "compile.h"
#include "diag/render.h"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fputs("usage: check_graph FILE\n", stderr);
    return 2;
  }
  const std::unique_ptr<graphc::Compilation> c = graphc::compile_file(argv[1]);
  std::fputs(graphc::render_all(c->sources, c->diags.diagnostics()).c_str(), stderr);
  if (!c->ok()) return 1;
  for (const graphc::ir::Graph& graph : c->module.graphs) {
    std::printf("%s: %zu nodes, %zu edges\n", graph.name.c_str(), graph.nodes.size(), graph.edges.size());
  }
  return 0;
}
