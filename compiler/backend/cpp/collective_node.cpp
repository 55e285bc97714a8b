// Collective nodes in generated code, the C++ emitter's code of the kind
// (backend/cpp/function_call_nodes.h).
#include "backend/cpp/capture_node.h"
#include "backend/cpp/function_call_nodes.h"

namespace graphc::backend {

// The captured graph moves into the child graph node, as a capture node's does.
void write_function_call_build(NodeBlock& block, const ir::CollectiveNode& collective) {
  block.open("collective " + capture_summary(block.context, collective));
  write_capture_build(block.out, block.context, block.index);
  block.add();
  block.out.line("child.move_to_node();");
  block.close();
}

}  // namespace graphc::backend
