// Graph parameters that configure nodes: a scalar parameter of a graph (`graph
// layer(x : f32[N] device, n : i32)`) may set a kernel node's grid, block or shared memory,
// a copy's slices or size and a memset's slice or value, as a param may (node_config.h).
// Its value is known only per call, so a graph's own passes leave such a node unfolded;
// this pass folds it again for each set of values a chain of calls gives, starting from
// every graph: a value is a call's constant argument, or a param of the caller (its
// default, the value the instance starts with) passed on. A broken rule is reported as
// the graph's own passes would report it, at the node, with a note at each call of the
// chain, the innermost first. A parameter that a chain passes on without a value (one of
// the starting graph's own) leaves its nodes to the chains that give one.
//
// Each set of values is checked once per graph, but calls in loops can give a graph as
// many sets as it has instances (a thousand calls that each pass their index on to a
// thousand calls: a million folds). Past `max_value_sets` sets of one graph, the rest go
// unchecked, and W0901 says so once, at the call that crosses the limit, so that the check
// stays linear in the file's size.
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "sema/node_config.h"
#include "sema/passes.h"

namespace graphc::sema {
namespace {

using ir::GraphId;
using Values = std::vector<std::optional<ir::Scalar>>;  // per ParamId of a graph: its value, if known

// The sets of values one graph is checked with, at most (each a fold of its configured nodes).
constexpr std::size_t max_value_sets = 4096;

// One call of a chain: the call node and the values it gives, as a note says them.
struct Link {
  const ir::Node* call;
  std::string callee;
  std::string values;  // "n = 4096, first = 0"
};

class CallConfigChecker {
 public:
  CallConfigChecker(const ir::Module& module, const std::vector<bool>& clean, DiagEngine& diags)
      : module_(module), clean_(clean), diags_(diags) {}

  void run() {
    for (std::uint32_t g = 0; g < module_.graphs.size(); ++g) {
      if (!clean_[g]) continue;
      const ir::Graph& graph = module_.graphs[g];
      Values values;
      for (std::uint32_t p = 0; p < graph.params.size(); ++p) {
        if (graph.is_parameter(ir::ParamId{p})) {
          values.emplace_back();
        } else {
          values.emplace_back(graph.params[p].folded_default);
        }
      }
      walk(graph, values);
    }
  }

 private:
  // The calls of `graph`, whose params have `values`: each callee's nodes folded with the
  // values the call gives, then its own calls, once per graph and values.
  void walk(const ir::Graph& graph, const Values& values) {
    for (const ir::Node& node : graph.nodes) {
      const auto* call = std::get_if<ir::ChildGraphNode>(&node.op);
      if (call == nullptr || !call->graph_id.valid() || !clean_[call->graph_id.value]) continue;
      const ir::Graph& callee = module_.graph(call->graph_id);
      if (call->args.size() != callee.parameters.size()) continue;  // E0902
      const Values given = bind(values, callee, *call);
      if (!seen_.insert(key(call->graph_id, given)).second) continue;
      if (++value_sets_[call->graph_id.value] > max_value_sets) {
        if (value_sets_[call->graph_id.value] == max_value_sets + 1) {
          add_chain(diags_.report(DiagCode::call_configs_unchecked, node.name_range, callee.name, max_value_sets,
                                  node.name));
        }
        continue;
      }
      chain_.push_back({&node, callee.name, describe(callee, given)});
      check(callee, given);
      walk(callee, given);
      chain_.pop_back();
    }
  }

  // The values a call gives the callee's scalar parameters: a value (converted to the
  // parameter's type by check_call_args), or the caller's param's value; unknown when the
  // caller's is, and when the argument does not fit the parameter (reported by
  // check_call_args).
  static Values bind(const Values& values, const ir::Graph& callee, const ir::ChildGraphNode& call) {
    Values given(callee.params.size());
    for (std::size_t i = 0; i < callee.parameters.size(); ++i) {
      const ir::Parameter& parameter = callee.parameters[i];
      if (parameter.kind != ir::Parameter::Kind::scalar) continue;
      const ir::KernelArg& arg = call.args[i];
      std::optional<ir::Scalar> value;
      if (arg.kind == ir::KernelArg::Kind::value) value = arg.value;
      if (arg.kind == ir::KernelArg::Kind::param) value = values.at(arg.param.value);
      if (value && value->type == callee.param(parameter.param).type) given[parameter.param.value] = value;
    }
    return given;
  }

  static std::string key(GraphId id, const Values& values) {
    std::string out = std::to_string(id.value);
    for (const std::optional<ir::Scalar>& value : values) {
      out += value ? fmt::format(",{}:{}", static_cast<int>(value->type), value->text()) : ",?";
    }
    return out;
  }

  static std::string describe(const ir::Graph& callee, const Values& given) {
    std::vector<std::string> parts;
    for (std::uint32_t p = 0; p < given.size(); ++p) {
      if (given[p]) parts.push_back(fmt::format("{} = {}", callee.params[p].name, given[p]->text()));
    }
    return parts.empty() ? "no known values" : fmt::format("{}", fmt::join(parts, ", "));
  }

  // The callee's nodes that its parameters configure, each whose parameters all have
  // values, folded with them; what breaks a rule is reported with the chain of calls.
  void check(const ir::Graph& callee, const Values& given) {
    std::vector<ir::Node> nodes;
    for (const ir::Node& node : callee.nodes) {
      bool parameter = false;
      bool known = true;
      for (const ir::ParamId id : node.config_params) {
        parameter = parameter || callee.is_parameter(id);
        known = known && given[id.value].has_value();
      }
      if (parameter && known) nodes.push_back(node);
    }
    if (nodes.empty()) return;
    ConfigRefolder refolder(callee);
    for (std::uint32_t p = 0; p < given.size(); ++p) {
      if (given[p]) refolder.set_param_value(ir::ParamId{p}, *given[p]);
    }
    std::vector<ir::Node*> copies;
    for (ir::Node& node : nodes) copies.push_back(&node);
    DiagEngine found;
    if (refolder.fold(copies, found)) return;
    for (Diagnostic d : found.sorted()) {
      add_chain(d);
      diags_.add(std::move(d));
    }
  }

  // A note at each call of the chain, the innermost first.
  void add_chain(Diagnostic& d) const {
    for (auto link = chain_.rbegin(); link != chain_.rend(); ++link) {
      d.note<NoteCode::calls_here_with>(link->call->name_range, link->call->name, link->callee, link->values);
    }
  }

  const ir::Module& module_;
  const std::vector<bool>& clean_;
  DiagEngine& diags_;
  std::vector<Link> chain_;                          // the calls from the starting graph to the graph checked now
  std::set<std::string> seen_;                       // graphs with the values they were checked with (key())
  std::map<std::uint32_t, std::size_t> value_sets_;  // per GraphId: the sets of values it was given
};

}  // namespace

void check_call_config(const ir::Module& module, const std::vector<bool>& clean, DiagEngine& diags) {
  CallConfigChecker(module, clean, diags).run();
}

}  // namespace graphc::sema
