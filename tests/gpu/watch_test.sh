#!/usr/bin/env bash
# graphc run --watch: an edit of the graph file reloads it, updated in place when only a
# value changed (its node set), re-instantiated when a node was added (its warnings printed), and a file
# with errors is reported while the previous graph stays. Usage: watch_test.sh GRAPHC KERNELS_CU WORK_DIR
set -euo pipefail
graphc=$1 kernels=$2 work=$3
if ! nvidia-smi -L >/dev/null 2>&1; then
  echo "SKIP: no CUDA device"
  exit 77
fi
rm -rf "$work" && mkdir -p "$work"
graph=$work/watched.graph

write() {  # write SCALE [EXTRA]: the graph with param scale's default and extra statements
  cat >"$graph.tmp" <<GRAPH
module "$kernels";
graph watched {
    const N = 4;
    buffer in  : f32[N] device = iota(1);
    buffer out : f32[N] device;
    param  scale : f32 = $1;
    kernel apply : scale_into<<<1, 32>>>(in, out, scale, N);
$2}
GRAPH
  mv "$graph.tmp" "$graph"  # one rename, as editors save: the watcher never sees half a file
}

# Waits until FILE has LINES lines matching PATTERN (at most 60 s).
wait_for() {
  for _ in $(seq 600); do
    [ "$(grep -c -- "$2" "$1" || true)" -ge "$3" ] && return 0
    sleep 0.1
  done
  echo "timed out waiting for $3 x '$2' in $1:"; cat "$1"; return 1
}

write 2.0f ""
"$graphc" run "$graph" --print out --watch --reloads 3 >"$work/out.txt" 2>"$work/err.txt" &
pid=$!
wait_for "$work/err.txt" "watching" 1
sleep 1.1  # a new modification time, whatever the file system's granularity
write 3.0f ""
wait_for "$work/out.txt" "^out:" 2
sleep 1.1
write 3.0f "    buffer twice : f32[N] device;
    kernel again : scale_into<<<1, 32>>>(out, twice, 2.0f, N);
    apply -> again;
    apply -> again;
"
wait_for "$work/out.txt" "^out:" 3
sleep 1.1
write 3.0f "    apply -> nowhere;
"
wait "$pid"

cat "$work/out.txt"
cat "$work/err.txt"
expected_out='out: 2 4 6 8
out: 3 6 9 12
out: 3 6 9 12'
[ "$(cat "$work/out.txt")" = "$expected_out" ] || { echo "FAIL: stdout differs from:"; echo "$expected_out"; exit 1; }
grep -q "^graphc: reloaded: 1 changed node set in place$" "$work/err.txt"
grep -q "^graphc: reloaded: re-instantiated: node 'again' is new$" "$work/err.txt"
grep -q "warning\[W0301\]: duplicate edge 'apply' -> 'again'" "$work/err.txt"  # the reload's warnings
grep -q "error\[E0102\]: unknown node 'nowhere'" "$work/err.txt"
grep -q "^graphc: reload failed; the previous graph stays$" "$work/err.txt"
echo "watch: ok"
