#include "profile/chrome_trace.h"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace graphc::profile {
namespace {

// `text` as a JSON string.
std::string json_string(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      out.push_back('\\');
      out.push_back(c);
    } else if (static_cast<unsigned char>(c) < 0x20) {
      out += fmt::format("\\u{:04x}", static_cast<unsigned>(c));
    } else {
      out.push_back(c);
    }
  }
  return out + "\"";
}

// Nanoseconds as the trace's microseconds, to the nanosecond.
std::string micros(std::uint64_t ns) { return fmt::format("{}.{:03}", ns / 1000, ns % 1000); }

std::uint64_t nanos(double micros) { return static_cast<std::uint64_t>(std::llround(micros * 1000.0)); }

// The lane of each run: the first whose last run ended by its start (runs in start order).
std::vector<std::size_t> lanes(const Profile& profile) {
  std::vector<std::uint64_t> free_at;
  std::vector<std::size_t> lane_of;
  for (const NodeRun& run : profile.runs) {
    std::size_t lane = 0;
    while (lane < free_at.size() && free_at[lane] > run.start_ns) ++lane;
    if (lane == free_at.size()) free_at.push_back(0);
    free_at[lane] = run.end_ns;
    lane_of.push_back(lane);
  }
  return lane_of;
}

template <class T>
T field(const YAML::Node& node, const char* name, const std::string& what) {
  const YAML::Node value = node[name];
  if (!value) throw TraceError(fmt::format("{} has no \"{}\"", what, name));
  try {
    return value.as<T>();
  } catch (const YAML::Exception&) {
    throw TraceError(fmt::format("{}'s \"{}\" is not a {}", what, name,
                                 std::is_same_v<T, std::string> ? "string" : "number"));
  }
}

// "file:line:col" into its parts (the file may hold colons).
void read_source(const std::string& source, NodeRun& run, const std::string& what) {
  const std::size_t col = source.rfind(':');
  const std::size_t line = col == std::string::npos || col == 0 ? std::string::npos : source.rfind(':', col - 1);
  if (line == std::string::npos) throw TraceError(fmt::format("{}'s \"source\" is not file:line:col", what));
  run.file = source.substr(0, line);
  try {
    run.line = static_cast<std::uint32_t>(std::stoul(source.substr(line + 1, col - line - 1)));
    run.column = static_cast<std::uint32_t>(std::stoul(source.substr(col + 1)));
  } catch (const std::exception&) {
    throw TraceError(fmt::format("{}'s \"source\" is not file:line:col", what));
  }
}

}  // namespace

std::string chrome_trace(const Profile& profile) {
  const std::uint64_t origin = profile.runs.empty() ? 0 : profile.runs.front().start_ns;
  std::string out = "{\n  \"displayTimeUnit\": \"ns\",\n";
  out += fmt::format("  \"otherData\": {{\"graph\": {}, \"file\": {}, \"launches\": {}, \"plain_launch_us\": {:.3f}, "
                     "\"profiled_launch_us\": {:.3f}, \"unmapped_runs\": {}, \"unmapped_reason\": {}}},\n",
                     json_string(profile.graph), json_string(profile.file), profile.launches, profile.plain_launch_us,
                     profile.profiled_launch_us, profile.unmapped_runs, json_string(profile.unmapped_reason));
  out += "  \"traceEvents\": [\n";
  out += fmt::format(
      "    {{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": 1, \"tid\": 0, \"args\": {{\"name\": {}}}}}",
      json_string(fmt::format("graph {} ({})", profile.graph, profile.file)));
  const std::vector<std::size_t> lane_of = lanes(profile);
  const std::size_t lane_count = lane_of.empty() ? 0 : *std::max_element(lane_of.begin(), lane_of.end()) + 1;
  out +=
      ",\n    {\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": 1, \"tid\": 0, \"args\": {\"name\": \"launches\"}}";
  for (std::size_t lane = 0; lane < lane_count; ++lane) {
    out += fmt::format(",\n    {{\"ph\": \"M\", \"name\": \"thread_name\", \"pid\": 1, \"tid\": {0}, \"args\": "
                       "{{\"name\": \"lane {0}\"}}}}",
                       lane + 1);
  }
  // Each launch from its first run's start, on lane 0.
  std::vector<std::uint64_t> first(profile.launches, UINT64_MAX);
  for (const NodeRun& run : profile.runs) first[run.launch] = std::min(first[run.launch], run.start_ns);
  for (std::uint32_t launch = 0; launch < profile.launches && launch < profile.launch_ns.size(); ++launch) {
    if (first[launch] == UINT64_MAX) continue;
    out += fmt::format(
        ",\n    {{\"ph\": \"X\", \"name\": \"launch {0}\", \"cat\": \"launch\", \"pid\": 1, \"tid\": 0, \"ts\": {1}, "
        "\"dur\": {2}, \"args\": {{\"launch\": {0}}}}}",
        launch, micros(first[launch] - origin), micros(profile.launch_ns[launch]));
  }
  for (std::size_t i = 0; i < profile.runs.size(); ++i) {
    const NodeRun& run = profile.runs[i];
    out += fmt::format(",\n    {{\"ph\": \"X\", \"name\": {}, \"cat\": {}, \"pid\": 1, \"tid\": {}, \"ts\": {}, "
                       "\"dur\": {}, \"args\": "
                       "{{\"source\": {}, \"launch\": {}, \"iteration\": {}, \"function\": {}}}}}",
                       json_string(run.node), json_string(run.kind), lane_of[i] + 1, micros(run.start_ns - origin),
                       micros(run.duration_ns()), json_string(fmt::format("{}:{}:{}", run.file, run.line, run.column)),
                       run.launch, run.iteration, json_string(run.function));
  }
  return out + "\n  ]\n}\n";
}

Profile read_chrome_trace(const std::string& text) {
  YAML::Node trace;
  try {
    trace = YAML::Load(text);
  } catch (const YAML::Exception& e) {
    throw TraceError(fmt::format("not JSON: {}", e.what()));
  }
  if (!trace.IsMap()) throw TraceError("not a trace: expected a JSON object");
  const YAML::Node other = trace["otherData"];
  if (!other || !other.IsMap()) throw TraceError("not a graphc profile: it has no \"otherData\" with the graph's name");
  Profile profile;
  profile.graph = field<std::string>(other, "graph", "\"otherData\"");
  profile.file = field<std::string>(other, "file", "\"otherData\"");
  profile.launches = field<std::uint32_t>(other, "launches", "\"otherData\"");
  profile.plain_launch_us = field<double>(other, "plain_launch_us", "\"otherData\"");
  profile.profiled_launch_us = field<double>(other, "profiled_launch_us", "\"otherData\"");
  profile.unmapped_runs = field<std::uint32_t>(other, "unmapped_runs", "\"otherData\"");
  profile.unmapped_reason = field<std::string>(other, "unmapped_reason", "\"otherData\"");
  profile.launch_ns.assign(profile.launches, 0);
  const YAML::Node events = trace["traceEvents"];
  if (!events || !events.IsSequence()) throw TraceError("not a trace: it has no \"traceEvents\" list");
  for (std::size_t i = 0; i < events.size(); ++i) {
    const YAML::Node event = events[i];
    const std::string what = fmt::format("trace event {}", i);
    if (field<std::string>(event, "ph", what) != "X") continue;
    const YAML::Node args = event["args"];
    if (!args || !args.IsMap()) throw TraceError(what + " has no \"args\"");
    const std::uint64_t start = nanos(field<double>(event, "ts", what));
    const std::uint64_t duration = nanos(field<double>(event, "dur", what));
    const std::uint32_t launch = field<std::uint32_t>(args, "launch", what + "'s \"args\"");
    if (launch >= profile.launches)
      throw TraceError(fmt::format("{} is of launch {}, but the profile has {}", what, launch, profile.launches));
    if (field<std::string>(event, "cat", what) == "launch") {
      profile.launch_ns[launch] = duration;
      continue;
    }
    NodeRun run;
    run.node = field<std::string>(event, "name", what);
    run.kind = field<std::string>(event, "cat", what);
    read_source(field<std::string>(args, "source", what + "'s \"args\""), run, what);
    run.function = field<std::string>(args, "function", what + "'s \"args\"");
    run.start_ns = start;
    run.end_ns = start + duration;
    run.launch = launch;
    run.iteration = field<std::uint32_t>(args, "iteration", what + "'s \"args\"");
    profile.runs.push_back(std::move(run));
  }
  std::stable_sort(profile.runs.begin(), profile.runs.end(),
                   [](const NodeRun& a, const NodeRun& b) { return a.start_ns < b.start_ns; });
  return profile;
}

}  // namespace graphc::profile
