// What every sample program shares: its command line, the check against the CPU
// reference, the one-line result, the `BUF: v0 v1 ...` output lines and the exit statuses.
// Plain C++ (no CUDA): the generated-path and the runtime-path programs both use it, so
// both print the same text for the same numbers.
#pragma once

#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace graphc::samples {

/// Exit statuses of the sample programs (77 is CTest's SKIP_RETURN_CODE).
enum SampleExit : int {
  sample_ok = 0,
  sample_mismatch = 1,  // the GPU result differs from the CPU reference
  sample_usage = 2,     // bad command line
  sample_failure = 3,   // a graphc::Error or CUDA failure
  sample_skip = 77,     // no CUDA device
};

/// The command line: `PROGRAM [GRAPH] [--print BUF]...`.
struct Options {
  std::vector<std::string> positional;  // the runtime-path programs take the .graph path
  std::vector<std::string> print;       // buffers to print as `BUF: v0 v1 ...`
};

/// One output buffer of a run, copied to the host.
struct NamedBuffer {
  std::string name;
  std::vector<float> values;
};

/// How a run is judged: one of its buffers against the CPU reference, norm-wise,
/// ||got - want|| / ||want|| <= tolerance.
struct Check {
  std::string buffer;
  std::function<std::vector<float>()> reference;
  double tolerance = 1e-5;
};

/// Runs a sample: parses the command line (`positional_count` positional arguments), skips
/// with 77 when there is no CUDA device, calls `run`, prints every `--print` buffer, then
/// one line `<label>: OK rel_err=... max_abs_err=... n=...` (or MISMATCH) and returns a
/// SampleExit. Exceptions from `run` (graphc::Error) are printed and give sample_failure.
int sample_main(int argc, char** argv, std::string_view label, std::size_t positional_count,
                const std::function<std::vector<NamedBuffer>(const Options&)>& run, const Check& check);

/// The same with several checks (a sample that runs more than one graph), each printed on
/// its own line `<label> <buffer>: OK ...`; it returns sample_mismatch if any mismatches.
int sample_main(int argc, char** argv, std::string_view label, std::size_t positional_count,
                const std::function<std::vector<NamedBuffer>(const Options&)>& run, const std::vector<Check>& checks);

}  // namespace graphc::samples
