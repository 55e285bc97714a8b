// The usual visitor helper for std::visit over node variants.
#pragma once

namespace graphc::ir {

template <class... Ts>
struct Overloaded : Ts... {
  using Ts::operator()...;
};

}  // namespace graphc::ir
