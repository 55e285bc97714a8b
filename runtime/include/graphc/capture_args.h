// graphc::CaptureArgs: the arguments of a capture node (`capture NAME : FUNC(args);`) as
// the function the host program registers for FUNC (Bindings::capture) receives them,
// checked against the types the function asks for.
#pragma once

#include <cuda_runtime_api.h>

#include <array>
#include <cstddef>
#include <cstring>
#include <functional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "graphc/base/scalar_type.h"
#include "graphc/runtime_error.h"
#include "graphc/type_of.h"

namespace graphc {

class CaptureArgs {
 public:
  /// One argument as the node passes it.
  struct Arg {
    bool is_buffer = false;
    ScalarType type = ScalarType::f32;  // a buffer's element type, or the value's type
    void* pointer = nullptr;            // a buffer: the address, after `buf + k`'s offset
    std::size_t elements = 0;           // a buffer: elements from `pointer` to its end
    std::array<std::byte, 8> bytes{};   // a value: its bytes in `type`
  };

  /// `location` is the node's `file:line:col`, for errors.
  CaptureArgs(std::string node, std::string function, std::string location, std::vector<Arg> args)
      : node_(std::move(node)),
        function_(std::move(function)),
        location_(std::move(location)),
        args_(std::move(args)) {}

  std::size_t size() const { return args_.size(); }
  const Arg& operator[](std::size_t i) const { return args_.at(i); }
  /// The capture node's name and where it is declared (`file:line:col`).
  const std::string& node() const { return node_; }
  const std::string& location() const { return location_; }

  /// Argument `i` as a pointer to its buffer's elements (T = the element type, or void).
  /// A value, or another element type, throws graphc::Error R0043.
  template <class T>
  T* buffer(std::size_t i) const {
    const Arg& arg = at(i);
    using E = std::remove_cv_t<T>;
    if constexpr (std::is_void_v<E>) {
      if (!arg.is_buffer) mismatch(i, "a pointer");
    } else {
      if (!arg.is_buffer || arg.type != detail::element_type_of<E>()) {
        mismatch(i, std::string(cpp_type_name(detail::element_type_of<E>())) + "*");
      }
    }
    return static_cast<T*>(arg.pointer);
  }

  /// Argument `i` as a value of type T, which must be the value's own type exactly (as
  /// Instance::set requires: 2.0f for float). A buffer, or another type, throws R0043.
  template <class T>
  T value(std::size_t i) const {
    const Arg& arg = at(i);
    if (arg.is_buffer || arg.type != detail::scalar_type_of<T>()) {
      mismatch(i, std::string(cpp_type_name(detail::scalar_type_of<T>())));
    }
    T out;
    std::memcpy(&out, arg.bytes.data(), sizeof(T));
    return out;
  }

  /// Calls `fn(stream, a0, a1, ...)` with every argument converted to the parameter types
  /// A...: pointers through buffer<>, others through value<>. A count that differs throws
  /// R0043.
  template <class... A, class F>
  void call(F& fn, cudaStream_t stream) const {
    if (sizeof...(A) != args_.size()) {
      fail(std::to_string(args_.size()) + " arguments, but function '" + function_ + "' takes " +
           std::to_string(sizeof...(A)) + " after the stream");
    }
    call_with<A...>(fn, stream, std::index_sequence_for<A...>{});
  }

 private:
  template <class... A, class F, std::size_t... I>
  void call_with(F& fn, cudaStream_t stream, std::index_sequence<I...>) const {
    fn(stream, get<A>(I)...);
  }

  template <class A>
  A get(std::size_t i) const {
    if constexpr (std::is_pointer_v<A>) {
      return buffer<std::remove_pointer_t<A>>(i);
    } else {
      return value<std::remove_cvref_t<A>>(i);
    }
  }

  const Arg& at(std::size_t i) const {
    if (i >= args_.size()) {
      fail(std::to_string(args_.size()) + " arguments, but function '" + function_ + "' reads argument " +
           std::to_string(i + 1));
    }
    return args_[i];
  }

  [[noreturn]] void mismatch(std::size_t i, const std::string& taken) const {
    const Arg& arg = args_[i];
    const std::string passes = arg.is_buffer ? std::string("a buffer of ") + std::string(type_name(arg.type))
                                             : std::string("a value of type ") + std::string(type_name(arg.type));
    fail("argument " + std::to_string(i + 1) + " as " + passes + ", but function '" + function_ + "' takes " + taken +
         " (" + std::string(passes_hint(arg)) + ")");
  }

  static std::string_view passes_hint(const Arg& arg) {
    return arg.is_buffer ? "a buffer arrives as a pointer to its element type" : "a value arrives in its own type";
  }

  /// R0043 "capture node '<node>' passes <what>", at the node's location.
  [[noreturn]] void fail(const std::string& what) const {
    throw_error<RuntimeCode::capture_arg_type>(location_, node_, what);
  }

  std::string node_;
  std::string function_;
  std::string location_;
  std::vector<Arg> args_;
};

/// What Bindings::capture registers: called with the capturing stream and the node's
/// arguments while graphc captures the node's graph.
using CaptureFn = std::function<void(cudaStream_t, const CaptureArgs&)>;

namespace detail {

/// The parameter types after the stream of a function or a lambda: void(cudaStream_t, A...).
template <class F>
struct capture_signature : capture_signature<decltype(&F::operator())> {};
template <class... A>
struct capture_signature<void (*)(cudaStream_t, A...)> {
  template <class F>
  static CaptureFn wrap(F fn) {
    return [fn = std::move(fn)](cudaStream_t stream, const CaptureArgs& args) mutable { args.call<A...>(fn, stream); };
  }
};
template <class C, class... A>
struct capture_signature<void (C::*)(cudaStream_t, A...) const> : capture_signature<void (*)(cudaStream_t, A...)> {};
template <class C, class... A>
struct capture_signature<void (C::*)(cudaStream_t, A...)> : capture_signature<void (*)(cudaStream_t, A...)> {};

}  // namespace detail

}  // namespace graphc
