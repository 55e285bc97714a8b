#include "frontend/text/syntax_tree.h"

namespace graphc::frontend::text {

void SyntaxTree::assign(const SyntaxTape& tape, std::size_t end) {
  const auto& entries = tape.entries_;
  const std::uint32_t n = tape.size();
  // Node 0 is the root, node i + 1 the tape's entry i. A node's children are the entries
  // of its subtree that no other entry of it contains: from its last entry back, each
  // child's subtree starts right after the one before it.
  nodes_.resize(n + 1);
  children_.resize(n);
  std::uint32_t next = static_cast<std::uint32_t>(children_.size());
  // Children are written back to front, each node's after its parent's (post-order read
  // backwards is a pre-order of mirrored children), so they end up in order, node by node.
  const auto add_children = [&](ParseNode& parent, std::uint32_t first, std::uint32_t last) {
    std::uint32_t count = 0;
    for (std::uint32_t c = last; c > first; c = entries[c - 1].first) {
      children_[--next] = &nodes_[c];  // entry c - 1 is node c
      ++count;
    }
    parent.children = Children(children_.data() + next, count);
  };
  nodes_[0] = ParseNode();
  nodes_[0].end_ = static_cast<std::uint32_t>(end);
  add_children(nodes_[0], 0, n);
  for (std::uint32_t i = n; i > 0; --i) {
    const SyntaxTape::Entry& entry = entries[i - 1];
    ParseNode& node = nodes_[i];
    node.begin_ = entry.begin;
    node.end_ = entry.end;
    node.rule_ = entry.rule;
    add_children(node, entry.first, i - 1);
  }
}

}  // namespace graphc::frontend::text
