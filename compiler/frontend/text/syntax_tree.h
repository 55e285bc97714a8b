// The syntax tree of a .graph file, flat: the nodes in two arrays (no heap object per
// node), recorded while PEGTL parses (SyntaxTape) and read by the IR builders (SyntaxTree).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <vector>

namespace graphc::frontend::text {

/// A rule's number in the tree (tree.h's tree_rules); kNotInTree for the rules that only
/// shape the parse.
using RuleId = std::uint16_t;
inline constexpr RuleId kNotInTree = UINT16_MAX;

class ParseNode;

/// A node's children in order: pointers to nodes of the same tree.
class Children {
 public:
  Children() = default;
  Children(const ParseNode* const* first, std::uint32_t count) : first_(first), count_(count) {}

  std::size_t size() const { return count_; }
  bool empty() const { return count_ == 0; }
  const ParseNode* operator[](std::size_t i) const { return first_[i]; }
  /// Throws std::out_of_range past the last child.
  const ParseNode* at(std::size_t i) const {
    if (i >= count_) throw std::out_of_range("a parse node has fewer children than a builder expects");
    return first_[i];
  }
  const ParseNode* const* begin() const { return first_; }
  const ParseNode* const* end() const { return first_ + count_; }
  std::span<const ParseNode* const> span() const { return {first_, count_}; }

 private:
  const ParseNode* const* first_ = nullptr;
  std::uint32_t count_ = 0;
};

/// One node: a rule of tree_rules that matched, the bytes it matched (up to the end of its
/// last token: without the whitespace and comments after it), and its children.
class ParseNode {
 public:
  /// Whether the node is a match of `Rule` (declared in tree.h, with the rules' numbers).
  template <class Rule>
  bool is_type() const;

  RuleId rule() const { return rule_; }
  std::uint32_t begin() const { return begin_; }
  std::uint32_t end() const { return end_; }
  Children children;

 private:
  friend class SyntaxTree;
  std::uint32_t begin_ = 0, end_ = 0;
  RuleId rule_ = kNotInTree;
};

/// What the parse records: a node for each tree rule that matched, in post-order (a node
/// after its children), each with where its subtree starts on the tape. A node is recorded
/// when its rule matches; a rule that fails drops what was recorded inside it, so that only
/// the nodes of the successful parse are left, as PEGTL's parse_tree keeps them. Trying a
/// rule costs nothing on the tape: most rules tried are alternatives that fail at once.
class SyntaxTape {
 public:
  std::uint32_t size() const { return size_; }

  /// A node of `rule` matched bytes [begin, end), `end` the end of its last token; the
  /// nodes after `first` on the tape are its descendants. `fold`: when it has one child,
  /// the child takes its place.
  void record(RuleId rule, std::size_t begin, std::size_t end, std::uint32_t first, bool fold) {
    if (fold && size_ > first && entries_[size_ - 1].first == first) return;  // one child
    const Entry entry{static_cast<std::uint32_t>(begin), static_cast<std::uint32_t>(end), first, rule};
    if (size_ == entries_.size()) {
      entries_.push_back(entry);
    } else {
      entries_[size_] = entry;
    }
    ++size_;
  }
  /// A rule that started when the tape had `size` nodes did not match: the nodes recorded
  /// since go.
  void drop_since(std::uint32_t size) { size_ = size < size_ ? size : size_; }

  /// Empty, to record another parse (keeping its memory).
  void clear() { size_ = 0; }

 private:
  friend class SyntaxTree;
  struct Entry {
    std::uint32_t begin, end;
    std::uint32_t first;  // where its subtree starts on the tape
    RuleId rule;
  };

  std::vector<Entry> entries_;  // the first size_ are the tape's; the rest, memory to reuse
  std::uint32_t size_ = 0;
};

/// The tree of a tape: node 0 is the root, whose children are the top-level rules that
/// matched.
class SyntaxTree {
 public:
  SyntaxTree() = default;
  /// Not copied: each node's children point into this tree's own arrays.
  SyntaxTree(const SyntaxTree&) = delete;
  SyntaxTree& operator=(const SyntaxTree&) = delete;

  /// Now the tree of `tape`'s nodes, in the memory this one had.
  void assign(const SyntaxTape& tape, std::size_t end);

  const ParseNode& root() const { return nodes_.front(); }

 private:
  std::vector<ParseNode> nodes_;
  std::vector<const ParseNode*> children_;  // each node's children, node after node
};

}  // namespace graphc::frontend::text
