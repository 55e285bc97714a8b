#include "frontend/text/syntax_tree.h"

namespace graphc::frontend::text {

bool SyntaxTape::only_child(std::uint32_t at) const {
  std::uint32_t children = 0;
  for (std::uint32_t i = at + 1; i < size(); ++i) children += entries_[i].parent == at ? 1 : 0;
  return children == 1;
}

SyntaxTree::SyntaxTree(const SyntaxTape& tape, std::size_t end) {
  const auto& entries = tape.entries_;
  const std::uint32_t n = tape.size();
  // A node's parent in the tree: its parent on the tape, or the nearest one above it not
  // folded into its child.
  std::vector<std::uint32_t> parent(n, SyntaxTape::kNoParent);
  std::vector<std::uint32_t> first(n + 1, 0);  // first[p + 1]: p's children, then where they start
  for (std::uint32_t i = 1; i < n; ++i) {
    std::uint32_t p = entries[i].parent;
    while (entries[p].folded) p = entries[p].parent;
    if (entries[i].folded) continue;
    parent[i] = p;
    ++first[p + 1];
  }
  for (std::uint32_t i = 0; i < n; ++i) first[i + 1] += first[i];

  nodes_.resize(n);
  children_.resize(first[n]);
  std::vector<std::uint32_t> next(first.begin(), first.end() - 1);
  for (std::uint32_t i = 1; i < n; ++i) {
    if (parent[i] != SyntaxTape::kNoParent) children_[next[parent[i]]++] = i;
  }
  for (std::uint32_t i = 0; i < n; ++i) {
    ParseNode& node = nodes_[i];
    node.begin_ = entries[i].begin;
    node.end_ = i == 0 ? static_cast<std::uint32_t>(end) : entries[i].end;
    node.rule_ = entries[i].rule;
    node.children = Children(nodes_.data(), children_.data() + first[i], first[i + 1] - first[i]);
  }
}

}  // namespace graphc::frontend::text
