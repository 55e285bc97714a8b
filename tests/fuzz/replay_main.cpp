// Replays fuzz inputs without libFuzzer, for builds with any compiler (CI's): every file
// named on the command line, or found under a folder named there, is passed once to the
// target's LLVMFuzzerTestOneInput, in sorted order. A crash or sanitizer report ends the
// process, and so fails the test that ran it; so does an input that runs longer than
// kMaxSeconds or takes the process's peak resident memory past kMaxRssMb, naming the input,
// as libFuzzer's -timeout and -rss_limit_mb do (scripts/fuzz): a blow-up is a crash.
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace fs = std::filesystem;

namespace {

// The bounds on one input, generous for an unoptimised build under ASan and UBSan on a
// loaded machine (the slowest seed, diag/w0304-races-unchecked.graph's 65 536 nodes through
// every back end, takes 10 s at -O0 with the machine's two cores four times over-booked);
// a blow-up (issue 34's file before E0020) runs for hours and takes gigabytes.
constexpr unsigned kMaxSeconds = 60;
constexpr long kMaxRssMb = 2048;

// The input being replayed, for the alarm's message (written before the alarm is set).
std::string current_message;

void on_alarm(int) {
  (void)!::write(STDERR_FILENO, current_message.data(), current_message.size());
  ::_exit(1);
}

long peak_rss_mb() {
  rusage usage{};
  ::getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss / 1024;  // kilobytes on Linux
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<fs::path> inputs;
  for (int i = 1; i < argc; ++i) {
    const fs::path arg(argv[i]);
    if (!fs::is_directory(arg)) {
      inputs.push_back(arg);
      continue;
    }
    for (const auto& entry : fs::recursive_directory_iterator(arg)) {
      if (entry.is_regular_file()) inputs.push_back(entry.path());
    }
  }
  std::sort(inputs.begin(), inputs.end());
  std::signal(SIGALRM, on_alarm);
  for (const fs::path& path : inputs) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
      std::fprintf(stderr, "replay: cannot read %s\n", path.c_str());
      return 1;
    }
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    current_message = "replay: " + path.string() + " ran past " + std::to_string(kMaxSeconds) + " s\n";
    ::alarm(kMaxSeconds);
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
    ::alarm(0);
    if (const long rss = peak_rss_mb(); rss > kMaxRssMb) {
      std::fprintf(stderr, "replay: %s took the peak resident memory to %ld MiB, past %ld MiB\n", path.c_str(), rss,
                   kMaxRssMb);
      return 1;
    }
  }
  std::printf("replay: %zu inputs, no crash\n", inputs.size());
  return inputs.empty() ? 1 : 0;
}
