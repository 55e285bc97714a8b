// Opt-in: the compiler's IR behind a Program or an Instance, for tools that walk a graph
// as graphc validated it (its nodes, edges, bodies and their source ranges): `graphc run`'s
// report, a profiler that names nodes by their source. The other runtime headers never
// include the compiler's headers; this one does (ir/graph.h, source/source.h), so a target
// that includes it links graphc::compiler as well as graphc::runtime.
#pragma once

#include "graphc/instance.h"
#include "graphc/program.h"
#include "ir/graph.h"
#include "source/source.h"

namespace graphc {

/// The validated IR of every graph of `program`'s file and the files it imports. Lives as
/// long as `program` (or an Instance made from it).
const ir::Module& ir_of(const Program& program);
/// The sources `program`'s IR points into (ranges to `file:line:col`, SourceManager).
const SourceManager& sources_of(const Program& program);
/// The IR of `instance`'s graph: after Instance::reload(), of the file as reloaded. Valid
/// until the next reload() or the instance's end.
const ir::Graph& ir_of(const Instance& instance);
/// The sources of `instance`'s IR, as sources_of(Program) for its Program; valid as long as
/// ir_of(instance) is.
const SourceManager& sources_of(const Instance& instance);

}  // namespace graphc
