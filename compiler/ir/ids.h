// Strong index types: IR elements refer to each other by index, never by pointer.
#pragma once

#include <cstdint>

namespace graphc::ir {

template <class Tag>
struct Id {
  std::uint32_t value = UINT32_MAX;
  constexpr bool valid() const { return value != UINT32_MAX; }
  friend constexpr bool operator==(Id, Id) = default;
  friend constexpr auto operator<=>(Id, Id) = default;
};

using GraphId = Id<struct GraphTag>;    // index into Module::graphs
using NodeId = Id<struct NodeTag>;      // index into Graph::nodes of its graph
using EdgeId = Id<struct EdgeTag>;      // index into Graph::edges of its graph
using BufferId = Id<struct BufferTag>;  // index into Graph::buffers of the root graph
using ParamId = Id<struct ParamTag>;    // index into Graph::params of the root graph
using ConstId = Id<struct ConstTag>;    // index into Graph::consts of the root graph
using CondId = Id<struct CondTag>;      // index into Graph::conds of the root graph
using BodyId = Id<struct BodyTag>;      // index into Graph::bodies; invalid: the graph itself
using EventId = Id<struct EventTag>;    // index into Graph::events of the root graph
using CommId = Id<struct CommTag>;      // index into Graph::comms of the root graph
using StructId = Id<struct StructTag>;  // index into Module::structs

}  // namespace graphc::ir
