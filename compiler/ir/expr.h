// Expressions: integer and float arithmetic on literals, consts and params, with
// ceil_div, exact_div, min, max and typed casts such as i64(1024).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ir/types.h"
#include "source/source.h"

namespace graphc::ir {

struct Expr {
  // clang-format off
  enum class Kind : std::uint8_t {
    literal,  // `literal` holds the value with its C++ literal type (1024 i32, 2.0f f32, 2.0 f64, ...)
    name,     // `name`: a const, param, buffer or other declared name
    negate,   // -operands[0]
    add, sub, mul, div, mod,  // operands[0] op operands[1]
    call,     // `name`(operands...): ceil_div, exact_div, min, max
    cast,     // `cast_type`(operands[0]), e.g. i64(1024)
  };
  // clang-format on

  Kind kind = Kind::literal;
  Scalar literal;
  std::string name;
  ScalarType cast_type = ScalarType::i32;
  std::vector<Expr> operands;
  SourceRange range;
};

/// An expression that may be absent: std::optional<Expr>'s interface, one pointer wide. Most
/// are absent, and IR nodes hold several (a copy's two 3-D boxes, twelve), which made a
/// node 1.9 KB with std::optional.
class OptionalExpr {
 public:
  OptionalExpr() = default;
  OptionalExpr(std::nullopt_t /*unused*/) {}  // NOLINT(google-explicit-constructor): as std::optional
  OptionalExpr(Expr expr) : expr_(std::make_unique<Expr>(std::move(expr))) {}  // NOLINT: as std::optional
  OptionalExpr(std::optional<Expr> expr) {  // NOLINT(google-explicit-constructor): as std::optional
    if (expr) expr_ = std::make_unique<Expr>(std::move(*expr));
  }
  OptionalExpr(const OptionalExpr& other) : expr_(other ? std::make_unique<Expr>(*other) : nullptr) {}
  OptionalExpr(OptionalExpr&&) noexcept = default;
  OptionalExpr& operator=(const OptionalExpr& other) {
    if (this != &other) expr_ = other ? std::make_unique<Expr>(*other) : nullptr;
    return *this;
  }
  OptionalExpr& operator=(OptionalExpr&&) noexcept = default;
  ~OptionalExpr() = default;

  bool has_value() const { return expr_ != nullptr; }
  explicit operator bool() const { return has_value(); }
  Expr& operator*() { return *expr_; }
  const Expr& operator*() const { return *expr_; }
  Expr* operator->() { return expr_.get(); }
  const Expr* operator->() const { return expr_.get(); }
  /// Throws std::bad_optional_access when absent, as std::optional.
  const Expr& value() const {
    if (!expr_) throw std::bad_optional_access();
    return *expr_;
  }
  void reset() { expr_.reset(); }

 private:
  std::unique_ptr<Expr> expr_;
};

}  // namespace graphc::ir
