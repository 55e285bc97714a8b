#include "sample_main.h"

#include <cstdio>
#include <exception>

#include <fmt/format.h>

#include "compare.h"
#include "cuda_device.h"
#include "format_buffer.h"

namespace graphc::samples {
namespace {

bool parse(int argc, char** argv, std::size_t positional_count, Options& options) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--print") {
      if (i + 1 == argc) return false;
      options.print.emplace_back(argv[++i]);
    } else if (arg.starts_with("-")) {
      return false;
    } else {
      options.positional.emplace_back(arg);
    }
  }
  return options.positional.size() == positional_count;
}

const NamedBuffer* find(const std::vector<NamedBuffer>& buffers, std::string_view name) {
  for (const NamedBuffer& b : buffers) {
    if (b.name == name) return &b;
  }
  return nullptr;
}

}  // namespace

int sample_main(int argc, char** argv, std::string_view label, std::size_t positional_count,
                const std::function<std::vector<NamedBuffer>(const Options&)>& run, const Check& check) {
  Options options;
  if (!parse(argc, argv, positional_count, options)) {
    fmt::print(stderr, "usage: {} {}[--print BUF]...\n", argc > 0 ? argv[0] : "sample", positional_count == 1 ? "GRAPH " : "");
    return sample_usage;
  }
  if (!cuda_device_present()) {
    std::puts("SKIP: no CUDA device");
    return sample_skip;
  }
  std::vector<NamedBuffer> outputs;
  try {
    outputs = run(options);
  } catch (const std::exception& e) {
    fmt::print(stderr, "{}: error: {}\n", label, e.what());
    return sample_failure;
  }
  for (const std::string& name : options.print) {
    const NamedBuffer* buffer = find(outputs, name);
    if (buffer == nullptr) {
      fmt::print(stderr, "{}: no output buffer '{}'\n", label, name);
      return sample_usage;
    }
    const std::string line = format_buffer(buffer->name, buffer->values);
    std::fwrite(line.data(), 1, line.size(), stdout);
  }
  const NamedBuffer* got = find(outputs, check.buffer);
  if (got == nullptr) {
    fmt::print(stderr, "{}: the run returned no buffer '{}'\n", label, check.buffer);
    return sample_failure;
  }
  const std::vector<float> want = check.reference();
  const Comparison c = compare(got->values, want);
  if (!c.same_size) {
    fmt::print("{}: MISMATCH {} has {} elements, the reference {}\n", label, check.buffer, got->values.size(),
               want.size());
    return sample_mismatch;
  }
  const bool ok = c.within(check.tolerance);
  fmt::print("{}: {} rel_err={:.3g} max_abs_err={:.3g} n={} (tolerance {:g})\n", label, ok ? "OK" : "MISMATCH",
             c.rel_err, c.max_abs_err, c.count, check.tolerance);
  return ok ? sample_ok : sample_mismatch;
}

}  // namespace graphc::samples
