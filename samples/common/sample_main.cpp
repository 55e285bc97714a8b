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

// Runs a sample and judges each check; `name_checks` puts the buffer's name in each
// result line (several checks), else the line is the label's alone.
int run_sample(int argc, char** argv, std::string_view label, std::size_t positional_count,
               const std::function<std::vector<NamedBuffer>(const Options&)>& run, const std::vector<Check>& checks,
               bool name_checks) {
  Options options;
  if (!parse(argc, argv, positional_count, options)) {
    fmt::print(stderr, "usage: {} {}[--print BUF]...\n", argc > 0 ? argv[0] : "sample",
               positional_count == 1 ? "GRAPH " : "");
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
  int status = sample_ok;
  for (const Check& check : checks) {
    const std::string line_label = name_checks ? fmt::format("{} {}", label, check.buffer) : std::string(label);
    const NamedBuffer* got = find(outputs, check.buffer);
    if (got == nullptr) {
      fmt::print(stderr, "{}: the run returned no buffer '{}'\n", label, check.buffer);
      return sample_failure;
    }
    const std::vector<float> want = check.reference();
    const Comparison c = compare(got->values, want);
    if (!c.same_size) {
      fmt::print("{}: MISMATCH {} has {} elements, the reference {}\n", line_label, check.buffer, got->values.size(),
                 want.size());
      status = sample_mismatch;
      continue;
    }
    const bool ok = c.within(check.tolerance);
    fmt::print("{}: {} rel_err={:.3g} max_abs_err={:.3g} n={} (tolerance {:g})\n", line_label, ok ? "OK" : "MISMATCH",
               c.rel_err, c.max_abs_err, c.count, check.tolerance);
    if (!ok) status = sample_mismatch;
  }
  return status;
}

}  // namespace

int sample_main(int argc, char** argv, std::string_view label, std::size_t positional_count,
                const std::function<std::vector<NamedBuffer>(const Options&)>& run, const Check& check) {
  return run_sample(argc, argv, label, positional_count, run, {check}, false);
}

int sample_main(int argc, char** argv, std::string_view label, std::size_t positional_count,
                const std::function<std::vector<NamedBuffer>(const Options&)>& run, const std::vector<Check>& checks) {
  return run_sample(argc, argv, label, positional_count, run, checks, true);
}

}  // namespace graphc::samples
