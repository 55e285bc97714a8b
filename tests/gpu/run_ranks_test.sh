#!/usr/bin/env bash
# graphc run --ranks 2: two processes, a rank each, print their buffers prefixed by their rank
# (checked against what the CPU says they hold); more ranks than GPUs is refused.
# Usage: run_ranks_test.sh GRAPHC GRAPH. Prints "run_ranks: ok"; exits 77 with fewer than 2 GPUs.
set -euo pipefail
graphc=$1
graph=$2
gpus=$(nvidia-smi -L 2>/dev/null | wc -l || true)
if [ "$gpus" -lt 2 ]; then
  echo "SKIP: graphc run --ranks 2 needs 2 GPUs; this machine has $gpus"
  exit 77
fi
out=$("$graphc" run --ranks 2 --timeout 20 --print total --print gathered "$graph")
echo "$out"
for rank in 0 1; do
  grep -qx "\[rank $rank\] total: 2 4 6 8" <<<"$out" || { echo "no total of rank $rank"; exit 1; }
  grep -qx "\[rank $rank\] gathered: 1 2 3 4 1 2 3 4" <<<"$out" || { echo "no gathered of rank $rank"; exit 1; }
done
# More ranks than GPUs is refused before any starts.
if "$graphc" run --ranks "$((gpus + 1))" "$graph" 2>err.txt; then echo "--ranks $((gpus + 1)) ran"; exit 1; fi
grep -q "needs a GPU a rank" err.txt || { cat err.txt; exit 1; }
echo "run_ranks: ok"
