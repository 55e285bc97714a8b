#include "load_timing.h"

#include <memory>
#include <stdexcept>

#include "timing.h"

namespace graphc::bench {

double median_load_us(const std::string& text, const std::function<void(const Compilation&)>& seen) {
  return median_of(5, [&] {
    const Clock::time_point start = Clock::now();
    const std::unique_ptr<Compilation> c = compile_text("bench.graph", text);
    const double us = us_since(start);
    if (!c->ok()) throw std::runtime_error("bench: the graph does not compile");
    if (seen) seen(*c);
    return us;
  });
}

}  // namespace graphc::bench
