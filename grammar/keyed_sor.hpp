// An ordered choice that skips the alternatives that cannot match at the next character:
// PEGTL's sor<> tries each alternative in turn, so a statement of a graph's body paid for
// every declaration keyword before it; here an alternative whose first token is a fixed
// word or symbol (chars<>, as kw<> and sym<> are made) is tried only when the input starts
// with that token's first character. The alternatives tried, their order and their
// rewinding are sor<>'s, so what matches, what is recorded and every error are the same.
#pragma once

#include <array>
#include <cstddef>
#include <utility>

#include <tao/pegtl.hpp>
#include <tao/pegtl/contrib/analyze_traits.hpp>

#include "lexical.hpp"

namespace graphc::grammar {

/// Per character: whether a match of `Rule` may start with it. Known where the rule begins
/// with a chars<> token (through seq<>, if_must<> and sor<>); every character otherwise.
template <class Rule>
struct leading {
  static constexpr std::array<bool, 256> of() { return of_rule(static_cast<typename Rule::rule_t*>(nullptr)); }

 private:
  static constexpr std::array<bool, 256> any() {
    std::array<bool, 256> all{};
    for (bool& b : all) b = true;
    return all;
  }
  template <class T>
  static constexpr std::array<bool, 256> of_rule(T* /*unused*/) {
    return any();
  }
  template <bool Keyword, char C, char... Cs>
  static constexpr std::array<bool, 256> of_rule(chars<Keyword, C, Cs...>* /*unused*/) {
    std::array<bool, 256> one{};
    one[static_cast<unsigned char>(C)] = true;
    return one;
  }
  template <class First, class... Rest>
  static constexpr std::array<bool, 256> of_rule(tao::pegtl::internal::seq<First, Rest...>* /*unused*/) {
    return leading<First>::of();
  }
  template <class Cond, class... Rest>
  static constexpr std::array<bool, 256> of_rule(tao::pegtl::internal::if_must<false, Cond, Rest...>* /*unused*/) {
    return leading<Cond>::of();
  }
  template <class... Alternatives>
  static constexpr std::array<bool, 256> of_rule(tao::pegtl::internal::sor<Alternatives...>* /*unused*/) {
    std::array<bool, 256> all{};
    for (const std::array<bool, 256>& one : {leading<Alternatives>::of()...}) {
      for (std::size_t c = 0; c < 256; ++c) all[c] = all[c] || one[c];
    }
    return all;
  }
};

template <class... Rules>
struct keyed_sor {
  using rule_t = keyed_sor;
  using subs_t = tao::pegtl::type_list<Rules...>;

  template <tao::pegtl::apply_mode A, tao::pegtl::rewind_mode M, template <class...> class Action,
            template <class...> class Control, class ParseInput, class... States>
  static bool match(ParseInput& in, States&&... st) {
    const auto next = static_cast<unsigned char>(in.empty() ? '\0' : *in.current());
    return match<A, M, Action, Control>(std::index_sequence_for<Rules...>(), next, in, st...);
  }

 private:
  template <class Rule>
  static constexpr std::array<bool, 256> starts = leading<Rule>::of();

  template <tao::pegtl::apply_mode A, tao::pegtl::rewind_mode M, template <class...> class Action,
            template <class...> class Control, std::size_t... Indices, class ParseInput, class... States>
  static bool match(std::index_sequence<Indices...> /*unused*/, unsigned char next, ParseInput& in, States&&... st) {
    // At the end of the input no chars<> token matches, and `next` ('\0') starts none.
    return (
        (starts<Rules>[next] &&
         Control<Rules>::template match<A, (Indices + 1 == sizeof...(Rules) ? M : tao::pegtl::rewind_mode::required),
                                        Action, Control>(in, st...)) ||
        ...);
  }
};

// Rules that several choices try alike, written once: keyed_sor_of flattens them in place.
template <class... Rules>
struct rule_list {};

namespace detail {

template <class Done, class... Parts>
struct flatten_rules {
  using type = Done;
};
template <template <class...> class Into, class... Done, class... Listed, class... Rest>
struct flatten_rules<Into<Done...>, rule_list<Listed...>, Rest...> : flatten_rules<Into<Done...>, Listed..., Rest...> {
};
template <template <class...> class Into, class... Done, class Rule, class... Rest>
struct flatten_rules<Into<Done...>, Rule, Rest...> : flatten_rules<Into<Done..., Rule>, Rest...> {};

}  // namespace detail

/// `Into<Rules...>` of the rules given, each rule_list among them (and in them) replaced by
/// its rules.
template <template <class...> class Into, class... Parts>
using flattened = typename detail::flatten_rules<Into<>, Parts...>::type;

/// keyed_sor of the rules given, each rule_list among them replaced by its rules.
template <class... Parts>
using keyed_sor_of = flattened<keyed_sor, Parts...>;

}  // namespace graphc::grammar

template <class Name, class... Rules>
struct tao::pegtl::analyze_traits<Name, graphc::grammar::keyed_sor<Rules...>> : analyze_sor_traits<Rules...> {};
