#!/usr/bin/env bash
# graphc run --profile on data/profiled.graph (tests/gpu/CMakeLists.txt, graphc_run.profile).
# Usage: profile_cli_test.sh GRAPHC GRAPH_FILE WORK_DIR
set -euo pipefail
graphc=$1 graph=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
"$graphc" run "$graph" --graph profiled --launches 2 --profile --trace "$work/trace.json" --dump-cuda-dot "$work/cuda.dot" \
  > "$work/report.txt"
cat "$work/report.txt"
grep -q "^  reset -> long_a -> long_b -> step -> nested/leaf -> decide -> inside$" "$work/report.txt" \
  || { echo "FAIL: the critical path is not the long branch"; exit 1; }
grep -q "^step  *kernel  *.*profiled.graph:24  *10 " "$work/report.txt" \
  || { echo "FAIL: no row of step's 10 runs (5 iterations x 2 launches)"; exit 1; }
python3 - "$work/trace.json" <<'PY'
import json, sys
trace = json.load(open(sys.argv[1]))
runs = [e for e in trace["traceEvents"] if e["ph"] == "X" and e["cat"] != "launch"]
assert len(runs) == 26, f"{len(runs)} node runs in the trace, expected 13 per launch x 2"
assert all("source" in e["args"] and e["dur"] > 0 for e in runs)
print("trace: JSON with", len(runs), "node runs")
PY
grep -q "^digraph" "$work/cuda.dot" || { echo "FAIL: cudaGraphDebugDotPrint wrote no DOT"; exit 1; }
"$graphc" dot "$graph" --profile "$work/trace.json" > "$work/profiled.dot"
grep -q '"long_a" \[shape=box, style=filled, fillcolor="#d7301f"' "$work/profiled.dot" \
  || { echo "FAIL: long_a is not drawn as the hottest node"; exit 1; }
echo "profile cli: ok"
