#include "format/format_text.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "format/align.h"
#include "format/pieces.h"
#include "format/segment.h"
#include "format/wrap.h"

namespace graphc::format {
namespace {

bool one_of(const Piece& p, std::initializer_list<std::string_view> tokens) {
  return std::any_of(tokens.begin(), tokens.end(), [&](std::string_view t) { return p.is(t); });
}

// What a statement is, from its first token, and how far its brackets are open: what the
// spacing of its next token depends on.
struct Statement {
  bool opens_block = false;  // graph, struct, if, while, switch, case, else, for: its first level-0 `{` opens a block
  bool conditional = false;  // if, while, switch: `(` after the node's name is spaced
  bool graph = false;        // graph: `[device_launch]` after the name or parameters is spaced
  bool event = false;        // event or comm: `[timing]`, `[register]` after the name is spaced
  bool kernel = false;       // kernel: `[attributes]` after the arguments is spaced
  bool param = false;        // param: a vector default's `{`, `float4{1, 2, 3, 4}`, is not
  std::size_t tokens = 0;    // tokens so far
  int parens = 0;
  int brackets = 0;
  int braces = 0;  // `{` of an edge group or a list initializer
  int launch = 0;  // `<<<`
  bool level0() const { return parens == 0 && brackets == 0 && braces == 0; }
  std::uint32_t depth() const { return static_cast<std::uint32_t>(std::max(0, parens + brackets + braces + launch)); }
};

class Printer {
 public:
  explicit Printer(const std::vector<Piece>& pieces) : p_(pieces) {}

  std::vector<Segment> run() {
    block(0, true);
    // Only text that did not parse has a `}` too many; keep it and go on.
    while (at_ < p_.size()) {
      indent_ = 0;
      Statement stray;
      put(p_[at_++], stray);
      end_line();
      block(0, true);
    }
    return std::move(segments_);
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
        comment_line(x);
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
    s.event = first.is("event") || first.is("comm");
    s.kernel = first.is("kernel");
    s.param = first.is("param");
    const std::size_t segments = segments_.size();
    indent_ = depth;
    continuation_ = depth + (s.opens_block ? 2 : 1);
    previous_ = nullptr;
    while (at_ < p_.size()) {
      const Piece& x = p_[at_++];
      if (x.is_comment()) {
        inner_comment(x, s);
        continue;
      }
      if (x.is("{") && s.opens_block && s.level0()) {
        put(x, s);
        trailing_comments();
        end_line();
        block(depth + 1, false);
        indent_ = depth;
        continuation_ = depth + 2;  // the `}` line may go on with `else {`, a block's header
        previous_ = nullptr;
        if (at_ < p_.size()) put(p_[at_++], s);               // the block's `}`
        if (at_ < p_.size() && p_[at_].is("else")) continue;  // `} else {`
        trailing_comments();
        end_line();
        return;
      }
      put(x, s);
      if (x.is(";") && s.level0()) {
        trailing_comments();
        end_line();
        if (segments_.size() == segments + 1) segments_.back().head = head(segments_.back().code);
        return;
      }
    }
    end_line();
  }

  // Where `code`, one whole statement, splits as a declaration (align.h): before its first
  // `:` outside brackets, after one word (a struct field's name) or more (a keyword and a
  // name, perhaps indexed).
  static std::optional<Head> head(const std::vector<Chunk>& code) {
    const auto colon =
        std::find_if(code.begin(), code.end(), [](const Chunk& c) { return c.depth == 0 && c.text == ":"; });
    if (colon == code.begin() || colon == code.end()) return std::nullopt;
    Head h;
    h.colon = static_cast<std::size_t>(colon - code.begin());
    h.name = h.colon == 1 ? 0 : 1;
    h.padded = code[h.name].padded || colon->padded;
    return h;
  }

  // Appends token `x` to the line, spaced for statement `s`, and updates `s`.
  void put(const Piece& x, Statement& s) {
    chunk(x, !code_.empty() && spaced(x, s), s.depth());
    if (attributes(x, s)) code_.back().before = Break::list;
    unary_minus_ = x.is("-") && !operand_end(previous_);
    previous_ = &x;
    after_comma_ = x.is(",");
    after_open_ = one_of(x, {"(", "[", "{", "<<<"});
    ++s.tokens;
    if (x.is("(")) ++s.parens;
    if (x.is(")")) --s.parens;
    if (x.is("[")) ++s.brackets;
    if (x.is("]")) --s.brackets;
    if (x.is("{")) ++s.braces;
    if (x.is("}")) --s.braces;
    if (x.is("<<<")) ++s.launch;
    if (x.is(">>>")) --s.launch;
  }

  // Appends piece `x` to the line as a chunk, with whether a line may end before it: after
  // a comma or an opening bracket, before `->` (and before attributes, put()).
  void chunk(const Piece& x, bool space_before, std::uint32_t depth) {
    Chunk c;
    c.text = x.text;
    c.space_before = space_before;
    if (!code_.empty() && (after_comma_ || x.is("->"))) c.before = Break::list;
    if (after_open_ && !one_of(x, {")", "]", "}", ">>>"})) c.before = Break::open;
    c.depth = depth;
    c.padded = x.padded;
    code_.push_back(c);
    after_comment_ = false;
    after_comma_ = false;
    after_open_ = false;
  }

  static bool operand_end(const Piece* p) {
    return p != nullptr && (p->kind == Piece::Kind::word || p->kind == Piece::Kind::number ||
                            p->kind == Piece::Kind::string || one_of(*p, {")", "]"}));
  }

  // Whether `x` opens the attributes of statement `s`: `[device_launch]`, `[timing]`, a
  // kernel's `[priority(1)]`.
  static bool attributes(const Piece& x, const Statement& s) {
    return x.is("[") && (s.graph || s.event || (s.kernel && s.tokens > 2)) && s.parens == 0;
  }

  // Whether a space goes between the line so far and token `x` of statement `s`.
  bool spaced(const Piece& x, const Statement& s) const {
    if (one_of(x, {",", ";", ")", "]", ".."})) return false;
    if (x.is("*") && at_ < p_.size() && p_[at_].is(";")) return false;  // a pointer field, `x : f32*;`
    if (x.is("{") && (s.parens > 0 || s.param)) return false;           // an aggregate, `S{a, b}`
    if (after_comment_ || previous_ == nullptr) return true;
    const Piece& prev = *previous_;
    if (one_of(prev, {"(", "[", "@", "&", "<<<", ".."}) || unary_minus_) return false;
    if (one_of(x, {"<<<", ">>>"}) || prev.is(">>>")) return false;
    if (x.is("(")) return !(prev.kind == Piece::Kind::word) || (s.conditional && s.tokens == 2);
    if (x.is("[")) return attributes(x, s);                           // not `k[i]`
    if ((x.is(":") || prev.is(":")) && s.brackets > 0) return false;  // a slice, `b[0:n]`
    if ((prev.is("{") || x.is("}")) && s.braces > 0) return false;    // `{a, b}`
    return true;
  }

  // A comment inside statement `s`: at the end of the line when it follows code there
  // (a line comment then ends the line), else on a line of its own; the statement goes on
  // at its continuation either way.
  void inner_comment(const Piece& c, const Statement& s) {
    if (c.newlines_before == 0 && !code_.empty()) {
      if (c.kind == Piece::Kind::line_comment) {
        comment_ = c.text;
        end_line();
        indent_ = continuation_;
        return;
      }
      chunk(c, true, s.depth());
      after_comment_ = true;
      return;
    }
    end_line();
    indent_ = continuation_;
    comment_line(c);
  }

  // Comment `c` on a line of its own.
  void comment_line(const Piece& c) {
    chunk(c, false, 0);
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
    if (code_.empty() && comment_.empty()) return;
    Segment segment;
    segment.indent = indent_;
    segment.continuation = continuation_;
    segment.code = std::move(code_);
    segment.comment = std::move(comment_);
    segments_.push_back(std::move(segment));
    code_.clear();
    comment_.clear();
    after_comment_ = false;
    after_comma_ = false;
    after_open_ = false;
  }

  void blank_line() {
    if (!segments_.empty()) segments_.push_back({});
  }

  const std::vector<Piece>& p_;
  std::size_t at_ = 0;
  std::vector<Segment> segments_;
  std::vector<Chunk> code_;  // the code of the segment being built
  std::string comment_;      // the comments that end it
  std::size_t indent_ = 0;
  std::size_t continuation_ = 0;     // the indent of the statement's lines after its first
  const Piece* previous_ = nullptr;  // the statement's last token
  bool unary_minus_ = false;         // previous_ is a negation's `-`
  bool after_comment_ = false;       // the line ends in a block comment
  bool after_comma_ = false;         // the line ends in a comma
  bool after_open_ = false;          // the line ends in an opening bracket
};

// Whether the end-of-line comment of `l` lines up with those of the lines around it.
bool aligns(const Line& l) {
  return !l.code.empty() && !l.comment.empty() && l.code.find('\n') == std::string::npos &&
         l.comment.find('\n') == std::string::npos;
}

// The text of `segments`, each broken over lines at the column limit, the end-of-line
// comments of neighbouring lines aligned one space after the longest code among them.
std::string render(const std::vector<Segment>& segments) {
  std::vector<Line> lines;
  for (const Segment& s : segments) {
    std::vector<Line> wrapped = wrap(s, kColumnLimit);
    lines.insert(lines.end(), std::make_move_iterator(wrapped.begin()), std::make_move_iterator(wrapped.end()));
  }
  std::string out;
  for (std::size_t first = 0; first < lines.size();) {
    std::size_t last = first + 1;
    std::size_t width = lines[first].width();
    if (aligns(lines[first])) {
      for (; last < lines.size() && aligns(lines[last]); ++last) width = std::max(width, lines[last].width());
    }
    for (std::size_t i = first; i < last; ++i) {
      const Line& l = lines[i];
      std::string text = std::string(l.indent * kIndentWidth, ' ') + l.code;
      if (!l.comment.empty()) text += std::string(width - text.size() + 1, ' ') + l.comment;
      out += text;
      out += '\n';
    }
    first = last;
  }
  return out;
}

bool same_pieces(const std::vector<Piece>& a, const std::vector<Piece>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(),
                    [](const Piece& x, const Piece& y) { return x.kind == y.kind && x.text == y.text; });
}

}  // namespace

std::string format_text(std::string_view text) {
  const std::vector<Piece> pieces = split_pieces(text);
  std::vector<Segment> segments = Printer(pieces).run();
  align_declarations(segments);
  std::string formatted = render(segments);
  if (!same_pieces(pieces, split_pieces(formatted))) {
    throw std::logic_error("graphc fmt: the formatted text would not read back as the same tokens and comments");
  }
  return formatted;
}

}  // namespace graphc::format
