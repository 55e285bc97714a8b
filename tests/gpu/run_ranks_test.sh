#!/usr/bin/env bash
# graphc run --ranks 2: two processes, a rank each, print their buffers prefixed by their rank
# (checked against what the CPU says they hold), then profile their launches, each rank's report
# prefixed alike; NCCL's graph mixing support off unless asked; the same under another
# launcher's variables (mpirun's); more ranks than GPUs is refused.
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
# The ranks run with NCCL's graph mixing support off, as each rank's NCCL says it read it,
# and compute the same; an environment's value stands; --nccl-graph-mixing leaves NCCL's
# default (no such line).
said="NCCL_GRAPH_MIXING_SUPPORT set by environment to"
for way in "0:" "1:NCCL_GRAPH_MIXING_SUPPORT=1" ":--nccl-graph-mixing"; do
  value=${way%%:*} extra=${way#*:} flag="" assign=()
  if [ "$extra" = --nccl-graph-mixing ]; then flag=$extra; elif [ -n "$extra" ]; then assign=("$extra"); fi
  out=$(env NCCL_DEBUG=INFO "${assign[@]}" "$graphc" run --ranks 2 --timeout 20 $flag --print total "$graph")
  grep -qx "\[rank 1\] total: 2 4 6 8" <<<"$out" || { echo "$out"; echo "no total of rank 1 (${way})"; exit 1; }
  lines=$(grep -c "$said" <<<"$out" || true)
  if [ -n "$value" ]; then
    # NCCL's lines start "host:pid:tid [device] NCCL INFO": one device a rank.
    ranks=$(grep "$said $value" <<<"$out" | grep -o '\[[0-9]*\] NCCL INFO' | sort -u | wc -l)
    [ "$ranks" -eq 2 ] || { echo "$out"; echo "$ranks ranks, not 2, said '${said} $value'"; exit 1; }
  else
    [ "$lines" -eq 0 ] || { echo "$out"; echo "--nccl-graph-mixing: NCCL still read the variable"; exit 1; }
  fi
  echo "graph mixing (${way}): ok"
done
# --profile: each rank profiles its own launches (CUPTI), its collectives' kernels under their
# nodes' names, every line of its report after its prefix; --trace, each rank's to its file.
rm -f trace.rank0.json trace.rank1.json
out=$("$graphc" run --ranks 2 --timeout 20 --launches 3 --profile --trace trace.json "$graph")
echo "$out"
for rank in 0 1; do
  grep -q "^\[rank $rank\] profile of graph 'ranks_print' .* 3 launches" <<<"$out" || { echo "no profile of rank $rank"; exit 1; }
  for node in "sum .*ranks_print.graph:8 " "all .*ranks_print.graph:9 "; do
    grep -q "^\[rank $rank\] $node" <<<"$out" || { echo "rank $rank's profile has no line for $node"; exit 1; }
  done
done
[ "$(grep -vc '^\[rank [01]\] ' <<<"$out")" -eq 0 ] || { echo "a profile line without its rank"; exit 1; }
# --trace: each rank's Chrome trace in a file of its own, both collectives' runs in it.
for rank in 0 1; do
  python3 - "trace.rank$rank.json" <<'PY' || { echo "no trace of rank $rank"; exit 1; }
import json, sys
runs = [e for e in json.load(open(sys.argv[1]))["traceEvents"] if e["ph"] == "X" and e["cat"] != "launch"]
names = sorted({e["name"] for e in runs})
assert names == ["all", "sum"], names
print(sys.argv[1], ":", len(runs), "runs of", names)
PY
done
# Under another launcher, each process it starts is a rank by its variables: two processes
# started as Open MPI's mpirun starts them (OMPI_COMM_WORLD_*, the job's PMIX_NAMESPACE),
# which meet through a file named by the job (mpirun itself is not on this machine).
job="graphc-test-$$"
for rank in 0 1; do
  env OMPI_COMM_WORLD_RANK=$rank OMPI_COMM_WORLD_SIZE=2 OMPI_COMM_WORLD_LOCAL_RANK=$rank PMIX_NAMESPACE="$job" \
    "$graphc" run --timeout 20 --print total "$graph" >"launcher-$rank.txt" 2>&1 &
  pids[$rank]=$!
done
for rank in 0 1; do wait "${pids[$rank]}" || { cat "launcher-$rank.txt"; echo "launched rank $rank failed"; exit 1; }; done
for rank in 0 1; do
  cat "launcher-$rank.txt"
  grep -qx "\[rank $rank\] total: 2 4 6 8" "launcher-$rank.txt" || { echo "no total of launched rank $rank"; exit 1; }
done
[ ! -e "${TMPDIR:-/tmp}/graphc-$job.nccl_id" ] || { echo "rank 0 left the unique id's file"; exit 1; }
# A launcher's rank with no job to meet the others by, and no GRAPHC_NCCL_ID_FILE, is refused.
if env -u PMIX_NAMESPACE -u OMPI_MCA_ess_base_jobid -u SLURM_JOB_ID -u PMI_KVSNAME OMPI_COMM_WORLD_RANK=1 \
  OMPI_COMM_WORLD_SIZE=2 "$graphc" run "$graph" 2>err.txt; then echo "a rank with no job ran"; exit 1; fi
grep -q "rank 1 of mpirun (Open MPI) finds no job name to meet the other ranks by; set GRAPHC_NCCL_ID_FILE" err.txt \
  || { cat err.txt; exit 1; }
# More ranks than GPUs is refused before any starts.
if "$graphc" run --ranks "$((gpus + 1))" "$graph" 2>err.txt; then echo "--ranks $((gpus + 1)) ran"; exit 1; fi
grep -q "needs a GPU a rank" err.txt || { cat err.txt; exit 1; }
echo "run_ranks: ok"
