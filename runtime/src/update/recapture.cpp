#include "update/recapture.h"

#include "errors/cuda_check.h"
#include "errors/runtime_diag.h"

namespace graphc::detail {
namespace {

// The capture nodes of `built` that pass param `id`, and those of the graphs its calls
// embed that receive `id` as one of their own params.
void collect(BuiltGraph& built, ir::ParamId id, const Slot& value, std::vector<Recapture>& out) {
  for (std::size_t i = 0; i < built.nodes.size(); ++i) {
    if (built.captures[i].uses(id)) {
      Recapture& r = out.emplace_back();
      r.built = &built;
      r.node = i;
      r.call = built.captures[i];
      r.call.set_param(id, value);
    }
    if (!built.calls[i]) continue;
    BuiltGraph& called = *built.calls[i];
    for (std::uint32_t p = 0; p < called.param_sources.size(); ++p) {
      if (called.param_sources[p] == id) collect(called, ir::ParamId{p}, value, out);
    }
  }
}

}  // namespace

bool capture_same_shape(InstanceState& state, Recapture& r) {
  r.graph = GraphHandle(r.call.capture(*state.captures));
  return r.call.shape() == r.built->captures[r.node].shape();
}

std::vector<Recapture> recapture(InstanceState& state, ir::ParamId id, const Slot& value, const std::string& text) {
  std::vector<Recapture> out;
  collect(state.built, id, value, out);
  const ProgramState& program = *state.program;
  for (Recapture& r : out) {
    if (capture_same_shape(state, r)) continue;
    const CaptureCall& before = r.built->captures[r.node];
    const ir::Param& param = state.graph().param(id);
    const ir::Scalar current = ir::Scalar::from_bytes(param.type, state.params.at(id.value).bytes.data());
    DiagEngine diags;
    diags
        .report(DiagCode::recapture_refused, before.node().name_range, param.name, text, before.node().name,
                "before: " + before.shape() + "; now: " + r.call.shape())
        .note<NoteCode::keeps_value>(param.name_range, param.name, current.text());
    raise(program.sources(), diags, program.path);
  }
  return out;
}

void apply_recaptures(InstanceState& state, std::vector<Recapture>& recaptures) {
  for (Recapture& r : recaptures) {
    const CallSite site = site_of(state.program->sources(), r.call.node());
    check(cudaGraphExecChildGraphNodeSetParams(state.exec.get(), r.built->nodes[r.node], r.graph.get()),
          "cudaGraphExecChildGraphNodeSetParams", site);
    r.built->captures[r.node] = std::move(r.call);
  }
}

}  // namespace graphc::detail
