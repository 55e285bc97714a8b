// Collective nodes in generated code, the C++ emitter's code of the kind
// (backend/cpp/function_call_nodes.h): captured as a capture node is (capture_node.h).
#include "backend/cpp/capture_node.h"
#include "backend/cpp/function_call_nodes.h"

namespace graphc::backend {

void write_function_call_build(NodeBlock& block, const ir::CollectiveNode& /*collective*/) {
  write_captured_build(block);
}

}  // namespace graphc::backend
