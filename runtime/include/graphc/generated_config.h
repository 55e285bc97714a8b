// What generated code needs to configure a node from the Bindings' params at run time:
// a kernel node's grid, block and shared memory, a copy's or memset's slices, a copy's
// size and a memset's value, when the .graph file computes them from params (the runtime
// does the same through the validator's own code, sema/node_config.h).
//
// The arithmetic is C++'s own on the params' C++ types (the language's expressions follow
// C++'s usual arithmetic conversions), checked as the validator checks it: signed
// overflow, division by zero, and a floating value cast to an integer type it does not fit
// are errors. Each check fails with graphc::Error, code R0032, naming the node and its
// declaration. Header-only: the CUDA runtime API (dim3) and the standard library.
#pragma once

#include <cuda_runtime_api.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <type_traits>
#include <utility>

#include "graphc/runtime_error.h"

namespace graphc::config {

/// The node being configured, for errors: its name and declaration ("file:line:col").
struct Site {
  const char* node;
  const char* location;

  /// Throws R0032 in its form for generated code, which names the node (the runtime names
  /// the param): "<location>: error[R0032]: node '<node>' cannot be configured with the
  /// Bindings' params: <what>".
  [[noreturn]] void fail(const std::string& what) const {
    throw_error<RuntimeCode::node_config_refused>(location, node, what);
  }
};

// (The parentheses keep clang-format 14 from writing `std::is_integral_v<T>&& ...`.)
template <class T>
inline constexpr bool is_signed_integer = (std::is_integral_v<T> && std::is_signed_v<T>);

/// Whether `value` is below zero (never, for an unsigned type).
template <class T>
constexpr bool is_negative(T value) {
  if constexpr (std::is_signed_v<T>) {
    return value < T(0);
  } else {
    return false;
  }
}

/// `value` as text for a message: integers in full, floating values with std::to_string's
/// six decimals.
template <class T>
std::string text(T value) {
  if constexpr (std::is_floating_point_v<T>) {
    return std::to_string(static_cast<double>(value));
  } else if constexpr (std::is_signed_v<T>) {
    return std::to_string(static_cast<long long>(value));
  } else {
    return std::to_string(static_cast<unsigned long long>(value));
  }
}

// a + b, a - b, a * b in the operands' common type; signed overflow fails.
template <class A, class B>
auto add(const Site& site, A a, B b) {
  using C = decltype(a + b);
  if constexpr (is_signed_integer<C>) {
    C r{};
    if (__builtin_add_overflow(C(a), C(b), &r)) site.fail("integer overflow in expression");
    return r;
  } else {
    return C(a) + C(b);
  }
}

template <class A, class B>
auto sub(const Site& site, A a, B b) {
  using C = decltype(a - b);
  if constexpr (is_signed_integer<C>) {
    C r{};
    if (__builtin_sub_overflow(C(a), C(b), &r)) site.fail("integer overflow in expression");
    return r;
  } else {
    return C(a) - C(b);
  }
}

template <class A, class B>
auto mul(const Site& site, A a, B b) {
  using C = decltype(a * b);
  if constexpr (is_signed_integer<C>) {
    C r{};
    if (__builtin_mul_overflow(C(a), C(b), &r)) site.fail("integer overflow in expression");
    return r;
  } else {
    return C(a) * C(b);
  }
}

// The divisor checks of div, mod and ceil_div: zero, and (signed) the one quotient that
// does not fit, min / -1.
template <class C>
void check_divisor(const Site& site, C a, C b) {
  if (b == C(0)) site.fail("division by zero in expression");
  if constexpr (is_signed_integer<C>) {
    if (a == std::numeric_limits<C>::min() && b == C(-1)) site.fail("integer overflow in expression");
  }
}

template <class A, class B>
auto div(const Site& site, A a, B b) {
  using C = decltype(a / b);
  check_divisor<C>(site, C(a), C(b));
  return C(C(a) / C(b));
}

template <class A, class B>
auto mod(const Site& site, A a, B b) {
  using C = decltype(a % b);
  check_divisor<C>(site, C(a), C(b));
  return C(C(a) % C(b));
}

/// a / b where b divides a (integers); otherwise the site's failure, as the validator's E0258.
template <class A, class B>
auto exact_div(const Site& site, A a, B b) {
  using C = decltype(a / b);
  static_assert(std::is_integral_v<C>, "exact_div takes integers");
  check_divisor<C>(site, C(a), C(b));
  if (C(a) % C(b) != C(0)) site.fail("exact_div: the dividend is not a multiple of the divisor");
  return C(C(a) / C(b));
}

/// The exact ceiling of a / b (integers).
template <class A, class B>
auto ceil_div(const Site& site, A a, B b) {
  using C = decltype(a / b);
  static_assert(std::is_integral_v<C>, "ceil_div takes integers");
  check_divisor<C>(site, C(a), C(b));
  const C q = C(a) / C(b);
  if constexpr (std::is_signed_v<C>) {
    return C(C(a) % C(b) != 0 && (C(a) < 0) == (C(b) < 0) ? q + 1 : q);
  } else {
    return C(C(a) % C(b) != 0 ? q + 1 : q);
  }
}

template <class A, class B>
auto min(A a, B b) {
  using C = decltype(a + b);
  return C(a) < C(b) ? C(a) : C(b);
}

template <class A, class B>
auto max(A a, B b) {
  using C = decltype(a + b);
  return C(a) < C(b) ? C(b) : C(a);
}

/// -a in a's promoted type; signed overflow fails.
template <class A>
auto neg(const Site& site, A a) {
  using C = decltype(-a);
  if constexpr (is_signed_integer<C>) {
    if (C(a) == std::numeric_limits<C>::min()) site.fail("integer overflow in expression");
  }
  return C(-C(a));
}

/// T(a): integers convert as C++ converts them (narrowing wraps); a floating value must
/// fit T after truncation (integer T) or be in T's range (floating T).
template <class T, class A>
T cast(const Site& site, A a) {
  if constexpr (std::is_floating_point_v<A>) {
    const double v = static_cast<double>(a);
    if constexpr (std::is_integral_v<T>) {
      const double t = std::trunc(v);
      const double width = static_cast<double>(sizeof(T) * 8);
      const double low = std::is_signed_v<T> ? -std::exp2(width - 1) : 0.0;
      const double high = std::is_signed_v<T> ? std::exp2(width - 1) : std::exp2(width);
      if (!std::isfinite(v) || t < low || t >= high) site.fail("value " + text(a) + " does not fit its cast's type");
    } else if (std::isfinite(v) && std::fabs(v) > static_cast<double>(std::numeric_limits<T>::max())) {
      site.fail("value " + text(a) + " does not fit its cast's type");
    }
  }
  return static_cast<T>(a);
}

/// One launch dimension: at least 1 and at most `limit` (CUDA's maxGridSize or
/// maxThreadsDim for the axis).
template <class T>
unsigned dim(const Site& site, const char* what, char axis, T value, long long limit) {
  static_assert(std::is_integral_v<T>, "a launch dimension is an integer");
  const std::string name = std::string(what) + " dimension " + axis + " is " + text(value);
  if (value < T(1)) site.fail(name + "; a kernel launch needs at least 1");
  if (static_cast<unsigned long long>(value) > static_cast<unsigned long long>(limit)) {
    site.fail(name + ", over CUDA's limit of " + std::to_string(limit));
  }
  return static_cast<unsigned>(value);
}

/// A block of at most 1024 threads.
inline void check_threads(const Site& site, unsigned x, unsigned y, unsigned z) {
  const unsigned long long threads = 1ULL * x * y * z;
  if (threads > 1024) {
    site.fail("block of " + std::to_string(threads) + " threads exceeds CUDA's limit of 1024 threads per block");
  }
}

/// Dynamic shared memory bytes: an unsigned 32-bit count.
template <class T>
unsigned shared_memory(const Site& site, T bytes) {
  static_assert(std::is_integral_v<T>, "a shared memory size is an integer");
  if (is_negative(bytes) || static_cast<unsigned long long>(bytes) > std::numeric_limits<unsigned>::max()) {
    site.fail("value " + text(bytes) + " does not fit in type u32");
  }
  return static_cast<unsigned>(bytes);
}

/// A slice of a buffer, in elements.
struct Slice {
  std::size_t first = 0;
  std::size_t length = 0;
};

/// `buffer[offset:length]` of a buffer of `count` elements: inside it and not empty
/// (`node_kind` is "memcpy" or "memset", for the message).
template <class O, class L>
Slice slice(const Site& site, const char* buffer, std::size_t count, O offset, L length, const char* node_kind) {
  static_assert(std::is_integral_v<O> && std::is_integral_v<L>, "slice bounds are integers");
  const std::string bounds = "slice [" + text(offset) + ":" + text(length) + "]";
  const bool inside = !is_negative(offset) && static_cast<unsigned long long>(offset) <= count &&
                      !is_negative(length) &&
                      static_cast<unsigned long long>(length) <= count - static_cast<std::size_t>(offset);
  if (!inside) {
    site.fail(bounds + " is out of bounds of '" + buffer + "', which has " + std::to_string(count) + " elements");
  }
  if (length == L(0)) {
    site.fail(bounds + " of '" + buffer + "' is empty; a " + node_kind + " node must cover at least one element");
  }
  return {static_cast<std::size_t>(offset), static_cast<std::size_t>(length)};
}

/// `buffer[offset:]`: from `offset` to the end.
template <class O>
Slice slice_to_end(const Site& site, const char* buffer, std::size_t count, O offset, const char* node_kind) {
  const bool inside = !is_negative(offset) && static_cast<unsigned long long>(offset) <= count;
  return slice(site, buffer, count, offset, inside ? count - static_cast<std::size_t>(offset) : 0, node_kind);
}

/// The bytes a copy moves: without a `bytes` expression, both sides' bytes, which must be
/// equal; with one (the overload below), at least 1 and no more than either side holds.
inline std::size_t copy_bytes(const Site& site, std::size_t src_bytes, std::size_t dst_bytes) {
  if (src_bytes != dst_bytes) {
    site.fail("the copy moves " + std::to_string(src_bytes) + " bytes, but the destination holds " +
              std::to_string(dst_bytes) + " bytes");
  }
  return src_bytes;
}

template <class T>
std::size_t copy_bytes(const Site& site, std::size_t src_bytes, std::size_t dst_bytes, T bytes) {
  static_assert(std::is_integral_v<T>, "a copy size is an integer");
  if (bytes < T(1)) site.fail("the copy moves " + text(bytes) + " bytes; a memcpy node must copy at least one byte");
  const auto n = static_cast<unsigned long long>(bytes);
  if (n > src_bytes)
    site.fail("the copy moves " + text(bytes) + " bytes, but the source holds only " + std::to_string(src_bytes) +
              " bytes");
  if (n > dst_bytes)
    site.fail("the copy moves " + text(bytes) + " bytes, but the destination holds only " + std::to_string(dst_bytes) +
              " bytes");
  return static_cast<std::size_t>(n);
}

/// `T` as std::in_range takes it: `char`, a type of its own that std::in_range rejects, as the
/// signed or unsigned char it is on this platform.
template <class T>
using standard_integer = std::conditional_t<std::is_same_v<T, char>,
                                            std::conditional_t<std::is_signed_v<char>, signed char, unsigned char>, T>;

/// A memset's value as cudaMemsetParams takes it: `value` converted exactly to the
/// element type `E` (1, 2 or 4 bytes), in the low bytes.
template <class E, class T>
unsigned memset_value(const Site& site, const char* buffer, T value) {
  static_assert(sizeof(E) <= 4, "memset elements are 1, 2 or 4 bytes");
  bool exact = false;
  if constexpr (std::is_floating_point_v<E>) {
    exact = static_cast<T>(static_cast<E>(value)) == value;
  } else if constexpr (std::is_floating_point_v<T>) {
    const double t = std::trunc(static_cast<double>(value));
    exact = t == static_cast<double>(value) && t >= static_cast<double>(std::numeric_limits<E>::min()) &&
            t <= static_cast<double>(std::numeric_limits<E>::max());
  } else {
    exact = std::in_range<standard_integer<E>>(static_cast<standard_integer<T>>(value));
  }
  if (!exact) {
    site.fail("memset value " + text(value) + " does not fit in the " + std::to_string(sizeof(E)) +
              "-byte elements of '" + buffer + "'");
  }
  const E element = static_cast<E>(value);
  unsigned bits = 0;
  std::memcpy(&bits, &element, sizeof(E));  // little-endian: the element in the low bytes
  return bits;
}

/// A kernel node's launch configuration (cudaKernelNodeParams' gridDim, blockDim and
/// sharedMemBytes).
struct Launch {
  dim3 grid;
  dim3 block;
  unsigned shared_memory = 0;  // bytes of dynamic shared memory
};

/// A copy's slices (in elements of each side's buffer) and the bytes it moves.
struct Copy {
  Slice dst;
  Slice src;
  std::size_t bytes = 0;
};

/// A memset's slice (in elements) and value (memset_value's bits).
struct Memset {
  Slice dst;
  unsigned value = 0;
};

}  // namespace graphc::config
