#include "graphc/introspect.h"

#include "instance/instance_state.h"
#include "state/program_state.h"

namespace graphc {
namespace detail {

/// The one reader of Program's and Instance's state outside their own files.
struct Introspection {
  static const ProgramState& state(const Program& program) { return *program.state_; }
  static const InstanceState& state(const Instance& instance) { return *instance.state_; }
};

}  // namespace detail

const ir::Module& ir_of(const Program& program) { return detail::Introspection::state(program).module(); }
const SourceManager& sources_of(const Program& program) { return detail::Introspection::state(program).sources(); }
const ir::Graph& ir_of(const Instance& instance) { return detail::Introspection::state(instance).graph(); }
const SourceManager& sources_of(const Instance& instance) {
  return detail::Introspection::state(instance).program->sources();
}

}  // namespace graphc
