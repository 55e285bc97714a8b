#include "backend/cpp/code_writer.h"

#include <stdexcept>

namespace graphc::backend {

void CodeWriter::line(std::string_view text) {
  if (!text.empty()) text_.append(static_cast<std::size_t>(depth_) * 2, ' ');
  append(text);
}

void CodeWriter::directive(std::string_view text) { append(text); }

void CodeWriter::dedent() {
  if (depth_ == 0) throw std::logic_error("CodeWriter::dedent below column 1");
  --depth_;
}

void CodeWriter::append(std::string_view text) {
  if (text.find('\n') != std::string_view::npos) throw std::logic_error("CodeWriter: a line must not contain a newline");
  text_.append(text);
  text_.push_back('\n');
  ++lines_;
}

}  // namespace graphc::backend
