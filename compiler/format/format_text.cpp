#include "format/format_text.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <stdexcept>
#include <vector>

#include "format/pieces.h"

namespace graphc::format {
namespace {

constexpr std::size_t kIndentWidth = 4;

bool one_of(const Piece& p, std::initializer_list<std::string_view> tokens) {
  return std::any_of(tokens.begin(), tokens.end(), [&](std::string_view t) { return p.is(t); });
}

// What a statement is, from its first token, and how far its brackets are open: what the
// spacing of its next token depends on.
struct Statement {
  bool opens_block = false;  // graph, struct, if, while, switch, case, else, for: its first `{` at level 0 opens a block
  bool conditional = false;  // if, while, switch: `(` after the node's name is spaced
  bool graph = false;        // graph: `[device_launch]` after the name or parameters is spaced
  bool event = false;        // event: `[timing]` after the name is spaced
  bool kernel = false;       // kernel: `[attributes]` after the arguments is spaced
  bool param = false;        // param: a vector default's `{`, `float4{1, 2, 3, 4}`, is not
  std::size_t tokens = 0;    // tokens so far
  int parens = 0;
  int brackets = 0;
  int braces = 0;  // `{` of an edge group or a list initializer
  bool level0() const { return parens == 0 && brackets == 0 && braces == 0; }
};

class Printer {
 public:
  explicit Printer(const std::vector<Piece>& pieces) : p_(pieces) {}

  std::string run() {
    block(0, true);
    // Only text that did not parse has a `}` too many; keep it and go on.
    while (at_ < p_.size()) {
      indent_ = 0;
      Statement stray;
      put(p_[at_++], stray);
      end_line();
      block(0, true);
    }
    return render();
  }

 private:
  enum class Item : std::uint8_t { none, comment, graph, statement };

  // The statements and own-line comments of a block (or of the file, `top`) up to its `}`.
  void block(std::size_t depth, bool top) {
    Item last = Item::none;
    while (at_ < p_.size() && !p_[at_].is("}")) {
      const Piece& x = p_[at_];
      const bool graph = x.is("graph") || x.is("struct");  // a block at the top, set off by blank lines
      const bool set_off = top && (last == Item::graph || (graph && last == Item::statement));
      if (last != Item::none && (x.newlines_before >= 2 || set_off)) blank_line();
      if (x.is_comment()) {
        indent_ = depth;
        line_ = x.text;
        end_line();
        ++at_;
        last = Item::comment;
        continue;
      }
      statement(depth);
      last = graph ? Item::graph : Item::statement;
    }
  }

  void statement(std::size_t depth) {
    Statement s;
    const Piece& first = p_[at_];
    s.opens_block = one_of(first, {"graph", "struct", "if", "while", "switch", "case", "else", "for"});
    s.conditional = one_of(first, {"if", "while", "switch"});
    s.graph = first.is("graph");
    s.event = first.is("event");
    s.kernel = first.is("kernel");
    s.param = first.is("param");
    indent_ = depth;
    previous_ = nullptr;
    while (at_ < p_.size()) {
      const Piece& x = p_[at_++];
      if (x.is_comment()) {
        inner_comment(x, depth + 1);
        continue;
      }
      if (x.is("{") && s.opens_block && s.level0()) {
        put(x, s);
        trailing_comments();
        end_line();
        block(depth + 1, false);
        indent_ = depth;
        previous_ = nullptr;
        if (at_ < p_.size()) put(p_[at_++], s);  // the block's `}`
        if (at_ < p_.size() && p_[at_].is("else")) continue;  // `} else {`
        trailing_comments();
        end_line();
        return;
      }
      put(x, s);
      if (x.is(";") && s.level0()) {
        trailing_comments();
        end_line();
        return;
      }
    }
    end_line();
  }

  // Appends token `x` to the line, spaced for statement `s`, and updates `s`.
  void put(const Piece& x, Statement& s) {
    if (!line_.empty() && spaced(x, s)) line_ += ' ';
    line_ += x.text;
    unary_minus_ = x.is("-") && !operand_end(previous_);
    previous_ = &x;
    after_comment_ = false;
    ++s.tokens;
    if (x.is("(")) ++s.parens;
    if (x.is(")")) --s.parens;
    if (x.is("[")) ++s.brackets;
    if (x.is("]")) --s.brackets;
    if (x.is("{")) ++s.braces;
    if (x.is("}")) --s.braces;
  }

  static bool operand_end(const Piece* p) {
    return p != nullptr && (p->kind == Piece::Kind::word || p->kind == Piece::Kind::number ||
                            p->kind == Piece::Kind::string || one_of(*p, {")", "]"}));
  }

  // Whether a space goes between the line so far and token `x` of statement `s`.
  bool spaced(const Piece& x, const Statement& s) const {
    if (one_of(x, {",", ";", ")", "]", ".."})) return false;
    if (x.is("*") && at_ < p_.size() && p_[at_].is(";")) return false;  // a pointer field, `x : f32*;`
    if (x.is("{") && (s.parens > 0 || s.param)) return false;          // an aggregate, `S{a, b}`
    if (after_comment_ || previous_ == nullptr) return true;
    const Piece& prev = *previous_;
    if (one_of(prev, {"(", "[", "@", "<<<", ".."}) || unary_minus_) return false;
    if (one_of(x, {"<<<", ">>>"}) || prev.is(">>>")) return false;
    if (x.is("(")) return !(prev.kind == Piece::Kind::word) || (s.conditional && s.tokens == 2);
    if (x.is("[")) return (s.graph || s.event || (s.kernel && s.tokens > 2)) && s.parens == 0;  // not `k[i]`
    if ((x.is(":") || prev.is(":")) && s.brackets > 0) return false;  // a slice, `b[0:n]`
    if ((prev.is("{") || x.is("}")) && s.braces > 0) return false;    // `{a, b}`
    return true;
  }

  // A comment inside a statement: at the end of the line when it follows code there
  // (a line comment then ends the line), else on a line of its own; the statement goes on
  // at `continuation` either way.
  void inner_comment(const Piece& c, std::size_t continuation) {
    if (c.newlines_before == 0 && !line_.empty()) {
      if (c.kind == Piece::Kind::line_comment) {
        comment_ = c.text;
        end_line();
        indent_ = continuation;
        return;
      }
      line_ += ' ';
      line_ += c.text;
      after_comment_ = true;
      return;
    }
    end_line();
    indent_ = continuation;
    line_ = c.text;
    end_line();
  }

  // The comments that follow the last token on its line.
  void trailing_comments() {
    while (at_ < p_.size() && p_[at_].is_comment() && p_[at_].newlines_before == 0) {
      if (!comment_.empty()) comment_ += ' ';
      comment_ += p_[at_++].text;
    }
  }

  void end_line() {
    if (line_.empty() && comment_.empty()) return;
    lines_.push_back({indent_, std::move(line_), std::move(comment_)});
    line_.clear();
    comment_.clear();
    after_comment_ = false;
  }

  void blank_line() {
    if (!lines_.empty()) lines_.push_back({});
  }

  // The lines, the end-of-line comments of neighbouring lines aligned one space after the
  // longest code among them.
  std::string render() const {
    std::string out;
    for (std::size_t first = 0; first < lines_.size();) {
      std::size_t last = first + 1;
      std::size_t width = lines_[first].width();
      if (lines_[first].aligns()) {
        for (; last < lines_.size() && lines_[last].aligns(); ++last) width = std::max(width, lines_[last].width());
      }
      for (std::size_t i = first; i < last; ++i) {
        const Line& l = lines_[i];
        std::string text = std::string(l.indent * kIndentWidth, ' ') + l.code;
        if (!l.comment.empty()) text += std::string(width - text.size() + 1, ' ') + l.comment;
        out += text;
        out += '\n';
      }
      first = last;
    }
    return out;
  }

  // One output line: code at a depth, then the comments that end it; blank when all empty.
  struct Line {
    std::size_t indent = 0;
    std::string code;
    std::string comment;
    std::size_t width() const { return indent * kIndentWidth + code.size(); }
    // Whether its end-of-line comment lines up with those of the lines around it.
    bool aligns() const {
      return !code.empty() && !comment.empty() && code.find('\n') == std::string::npos &&
             comment.find('\n') == std::string::npos;
    }
  };

  const std::vector<Piece>& p_;
  std::size_t at_ = 0;
  std::vector<Line> lines_;
  std::string line_;     // the code of the line being built
  std::string comment_;  // the comments that end it
  std::size_t indent_ = 0;
  const Piece* previous_ = nullptr;  // the statement's last token
  bool unary_minus_ = false;         // previous_ is a negation's `-`
  bool after_comment_ = false;       // the line ends in a block comment
};

bool same_pieces(const std::vector<Piece>& a, const std::vector<Piece>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [](const Piece& x, const Piece& y) { return x.kind == y.kind && x.text == y.text; });
}

}  // namespace

std::string format_text(std::string_view text) {
  const std::vector<Piece> pieces = split_pieces(text);
  std::string formatted = Printer(pieces).run();
  if (!same_pieces(pieces, split_pieces(formatted))) {
    throw std::logic_error("graphc fmt: the formatted text would not read back as the same tokens and comments");
  }
  return formatted;
}

}  // namespace graphc::format
