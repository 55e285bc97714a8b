#include "sema/placement.h"

#include "ir/node_kind.h"

namespace graphc::sema {

bool allowed_in_body(const ir::Node& node) { return ir::kind_info(node).in_body; }

bool allowed_in_device_graph(const ir::Node& node) { return ir::kind_info(node).in_device_graph; }

std::vector<RefusedCopyEnd> refused_copy_ends(const ir::Graph& graph, const ir::CopyNode& copy) {
  std::vector<RefusedCopyEnd> out;
  for (const RefusedCopyEnd end : {RefusedCopyEnd{&copy.src, "reads"}, RefusedCopyEnd{&copy.dst, "writes"}}) {
    if (!end.slice->id.valid()) continue;
    const ir::MemorySpace space = graph.buffer(end.slice->id).space;
    if (space == ir::MemorySpace::managed || space == ir::MemorySpace::pageable) out.push_back(end);
  }
  return out;
}

void report_pageable_use(DiagEngine& diags, const ir::Node& node, std::string_view verb, const ir::Buffer& buffer,
                         SourceRange range) {
  diags.report(DiagCode::pageable_use, range, ir::kind_name(node), node.name, verb, buffer.name)
      .note<NoteCode::declared_pageable>(buffer.name_range, buffer.name);
}

}  // namespace graphc::sema
