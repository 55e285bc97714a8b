// Kernel, host and capture functions: names generated code can reference and NVRTC can look up
// (E0111). The grammar takes template arguments up to their `>` whatever they hold, so
// this is where `f<"x">` or `f</**/int>` is refused.
#include "ir/cpp_name.h"
#include "sema/passes.h"

namespace graphc::sema {

void check_function_names(GraphContext& ctx) {
  for (const ir::Node& node : ctx.graph.nodes) {
    if (const auto* kernel = std::get_if<ir::KernelNode>(&node.op);
        kernel && !ir::is_cpp_function_name(kernel->function)) {
      ctx.diags.report(DiagCode::bad_function_name, kernel->function_range, "kernel", kernel->function);
    }
    if (const auto* host = std::get_if<ir::HostNode>(&node.op); host && !ir::is_cpp_function_name(host->function)) {
      ctx.diags.report(DiagCode::bad_function_name, host->function_range, "host", host->function);
    }
    // A library operation's name is checked against graphc's table (check_captures).
    if (const auto* capture = std::get_if<ir::CaptureNode>(&node.op);
        capture && !ir::is_library_function(capture->function) && !ir::is_cpp_function_name(capture->function)) {
      ctx.diags.report(DiagCode::bad_function_name, capture->function_range, "capture", capture->function);
    }
  }
}

}  // namespace graphc::sema
