// The collectives of one communicator in one order on every rank (E1108): NCCL runs a
// communicator's collectives in the order each rank issues them, and a graph issues the
// nodes that no path orders in whatever order CUDA picks, which two ranks need not share,
// the classic NCCL deadlock. So every two collectives over one communicator must be ordered
// by edges.
#include <cstdint>
#include <vector>

#include "sema/passes.h"

namespace graphc::sema {

void check_collective_order(GraphContext& ctx) {
  const std::vector<ir::Node>& nodes = ctx.graph.nodes;
  for (std::uint32_t c = 0; c < ctx.graph.comms.size(); ++c) {
    std::vector<std::uint32_t> collectives;  // over communicator c, in source order
    for (std::uint32_t n = 0; n < nodes.size(); ++n) {
      const auto* collective = std::get_if<ir::CollectiveNode>(&nodes[n].op);
      if (collective != nullptr && collective->collective.op != ir::CollectiveOp::none &&
          collective->collective.comm == ir::CommId{c}) {
        collectives.push_back(n);
      }
    }
    std::vector<std::vector<bool>> after;  // per collective: the nodes that run after it
    after.reserve(collectives.size());
    for (const std::uint32_t n : collectives) after.push_back(ctx.dependencies().downstream(ir::NodeId{n}));
    // Each collective is reported once, with the first earlier one it is not ordered with.
    for (std::size_t j = 1; j < collectives.size(); ++j) {
      for (std::size_t i = 0; i < j; ++i) {
        const std::uint32_t a = collectives[i];
        const std::uint32_t b = collectives[j];
        if (after[i][b] || after[j][a]) continue;
        ctx.diags
            .report(DiagCode::unordered_collectives, nodes[b].name_range, nodes[b].name, nodes[a].name,
                    ctx.graph.comms[c].name)
            .note<NoteCode::other_collective>(nodes[a].name_range, nodes[a].name)
            .note<NoteCode::order_collectives>(nodes[b].name_range, nodes[a].name, nodes[b].name);
        break;
      }
    }
  }
}

}  // namespace graphc::sema
