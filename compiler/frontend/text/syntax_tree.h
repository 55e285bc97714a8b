// The syntax tree of a .graph file, flat: the nodes in two arrays (no heap object per
// node), recorded while PEGTL parses (SyntaxTape) and read by the IR builders (SyntaxTree).
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
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
  class iterator {
   public:
    using iterator_category = std::random_access_iterator_tag;
    using value_type = const ParseNode*;
    using difference_type = std::ptrdiff_t;
    using pointer = void;
    using reference = const ParseNode*;

    iterator() = default;
    iterator(const ParseNode* nodes, const std::uint32_t* at) : nodes_(nodes), at_(at) {}
    const ParseNode* operator*() const;
    iterator& operator++() { ++at_; return *this; }
    iterator operator++(int) { iterator before = *this; ++at_; return before; }
    bool operator==(const iterator& other) const { return at_ == other.at_; }

   private:
    const ParseNode* nodes_ = nullptr;
    const std::uint32_t* at_ = nullptr;
  };

  Children() = default;
  Children(const ParseNode* nodes, const std::uint32_t* first, std::uint32_t count)
      : nodes_(nodes), first_(first), count_(count) {}

  std::size_t size() const { return count_; }
  bool empty() const { return count_ == 0; }
  const ParseNode* operator[](std::size_t i) const;
  /// Throws std::out_of_range past the last child.
  const ParseNode* at(std::size_t i) const {
    if (i >= count_) throw std::out_of_range("a parse node has fewer children than a builder expects");
    return (*this)[i];
  }
  iterator begin() const { return {nodes_, first_}; }
  iterator end() const { return {nodes_, first_ + count_}; }

 private:
  const ParseNode* nodes_ = nullptr;
  const std::uint32_t* first_ = nullptr;
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

inline const ParseNode* Children::iterator::operator*() const { return nodes_ + *at_; }
inline const ParseNode* Children::operator[](std::size_t i) const { return nodes_ + first_[i]; }

/// What the parse records: a node for each tree rule that matched, in post-order (a node
/// after its children), each with where its subtree starts on the tape. A node is recorded
/// when its rule matches; a rule that fails drops what was recorded inside it, so that only
/// the nodes of the successful parse are left, as PEGTL's parse_tree keeps them. Trying a
/// rule costs nothing on the tape: most rules tried are alternatives that fail at once.
class SyntaxTape {
 public:
  std::uint32_t size() const { return static_cast<std::uint32_t>(entries_.size()); }

  /// A node of `rule` matched bytes [begin, end), `end` the end of its last token; the
  /// nodes after `first` on the tape are its descendants. `fold`: when it has one child, the child takes its place.
  void record(RuleId rule, std::size_t begin, std::size_t end, std::uint32_t first, bool fold) {
    if (fold && size() > first && entries_.back().first == first) return;  // one child
    entries_.push_back({static_cast<std::uint32_t>(begin), static_cast<std::uint32_t>(end), first, rule});
  }
  /// A rule that started when the tape had `size` nodes did not match: the nodes recorded
  /// since go.
  void drop_since(std::uint32_t size) {
    if (size < entries_.size()) entries_.resize(size);
  }

  /// Empty, to record another parse (keeping its memory).
  void clear() { entries_.clear(); }

 private:
  friend class SyntaxTree;
  struct Entry {
    std::uint32_t begin, end;
    std::uint32_t first;  // where its subtree starts on the tape
    RuleId rule;
  };

  std::vector<Entry> entries_;
};

/// The tree of a tape: node 0 is the root, whose children are the top-level rules that
/// matched.
class SyntaxTree {
 public:
  SyntaxTree() = default;
  /// The tree of `tape`'s nodes, the root ending at `end`.
  SyntaxTree(const SyntaxTape& tape, std::size_t end) { assign(tape, end); }
  /// Moving keeps the nodes where they are (each node's children point at them).
  SyntaxTree(SyntaxTree&&) = default;
  SyntaxTree& operator=(SyntaxTree&&) = default;

  /// Now the tree of `tape`'s nodes, in the memory this one had.
  void assign(const SyntaxTape& tape, std::size_t end);

  const ParseNode& root() const { return nodes_.front(); }

 private:
  std::vector<ParseNode> nodes_;
  std::vector<std::uint32_t> children_;  // each node's children, node after node
};

}  // namespace graphc::frontend::text
