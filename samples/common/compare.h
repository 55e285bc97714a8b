// Comparison of a GPU result with its CPU reference. Plain C++.
#pragma once

#include <cstddef>
#include <span>

namespace graphc::samples {

struct Comparison {
  double rel_err = 0.0;      // ||got - want||_2 / ||want||_2 (the plain norm when want is zero)
  double max_abs_err = 0.0;  // max_i |got_i - want_i|
  std::size_t count = 0;     // elements compared
  bool same_size = true;

  /// A NaN anywhere makes rel_err NaN, which is never within the tolerance.
  bool within(double tolerance) const { return same_size && rel_err <= tolerance; }
};

Comparison compare(std::span<const float> got, std::span<const float> want);

}  // namespace graphc::samples
