#include "diag/spellcheck.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <numeric>

#include <fmt/format.h>

namespace graphc {

std::size_t edit_distance(std::string_view a, std::string_view b) {
  // Three rows of the distance matrix: the one before the previous row is where a
  // transposition of a's characters i-2, i-1 comes from.
  std::vector<std::size_t> before(b.size() + 1);
  std::vector<std::size_t> previous(b.size() + 1);
  std::vector<std::size_t> row(b.size() + 1);
  std::iota(row.begin(), row.end(), 0);
  for (std::size_t i = 1; i <= a.size(); ++i) {
    before.swap(previous);
    previous.swap(row);
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      row[j] = std::min({previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        row[j] = std::min(row[j], before[j - 2] + 1);
      }
    }
  }
  return row[b.size()];
}

namespace {

// A name that ends in a number, as the front end names a loop's copies (`layer[7]` is
// `layer_7`): the text before the number, and the number.
struct Numbered {
  std::string_view prefix;
  std::uint64_t number = 0;
};
std::optional<Numbered> numbered(std::string_view name) {
  std::size_t digits = 0;
  while (digits < name.size() && std::isdigit(static_cast<unsigned char>(name[name.size() - 1 - digits])) != 0) {
    ++digits;
  }
  if (digits == 0 || digits > 18 || digits == name.size()) return std::nullopt;
  Numbered out{name.substr(0, name.size() - digits)};
  for (const char c : name.substr(name.size() - digits)) out.number = out.number * 10 + static_cast<unsigned>(c - '0');
  return out;
}

std::uint64_t gap(std::uint64_t a, std::uint64_t b) { return a > b ? a - b : b - a; }

// Whether `candidate` is a better guess for `name` than `best` at the same distance: both
// are `name`'s prefix with another number, and its number is nearer (`layer_8` -> `layer_7`,
// not `layer_0`, one past a loop's last copy).
bool nearer(const std::optional<Numbered>& name, std::string_view candidate, std::string_view best) {
  if (!name) return false;
  const auto c = numbered(candidate);
  if (!c || c->prefix != name->prefix) return false;
  const auto b = numbered(best);
  return !b || b->prefix != name->prefix || gap(c->number, name->number) < gap(b->number, name->number);
}

}  // namespace

std::optional<std::string> closest_name(std::string_view name, const std::vector<std::string>& candidates) {
  const std::size_t limit = std::max<std::size_t>(1, name.size() / 3);
  const std::optional<Numbered> number = numbered(name);
  std::optional<std::string> best;
  std::size_t best_distance = limit + 1;
  for (const std::string& candidate : candidates) {
    if (candidate == name) continue;
    const std::size_t d = edit_distance(name, candidate);
    if (d < best_distance || (d == best_distance && best && nearer(number, candidate, *best))) {
      best_distance = d;
      best = candidate;
    }
  }
  return best;
}

}  // namespace graphc
