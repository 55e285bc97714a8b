// The usual visitor helper for std::visit over node variants.
#pragma once

namespace graphc::ir {

template <class... Ts>
struct Overloaded : Ts... {
  using Ts::operator()...;
};
// C++20 deduces this for aggregates; clang before 17 (the fuzz build's) needs it spelt out.
template <class... Ts>
Overloaded(Ts...) -> Overloaded<Ts...>;

}  // namespace graphc::ir
