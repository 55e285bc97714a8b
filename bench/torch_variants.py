#!/usr/bin/env python3
"""bench_variants' baseline: PyTorch capturing one CUDA graph per batch size of bench_decode's
model (samples/transformer_decode's math, f32), as vLLM does before it serves: for each size,
largest first, three warm-up steps on a side stream, then the step captured with
torch.cuda.graph into one memory pool the graphs share. The weights and the KV caches
(allocated for the largest size, each size using its first rows, as graphc's variants share
theirs) exist before the clock starts. Prints the start-up (warm-up + capture of every size,
wall time to the last capture's end) and the memory it took on the device (torch.cuda.mem_get_info
before and after, what the graph pool and cuBLAS reserve included), per size and in all.
The whole start-up is then done again in the same process (--passes, default 2), the
second time with cuBLAS's kernels for every shape loaded, as bench_variants' warm figure.
Each graph of the first pass is then replayed once and its rows compared with eager PyTorch.
Says so and exits 0 where torch or a GPU is missing.

    python3 bench/torch_variants.py [--sizes 1,2,4,8,16,32,64,128] [--passes 2]
"""
import argparse
import sys
import time

try:
    import torch
except ImportError:
    print("torch_variants: PyTorch is not installed: skipped")
    sys.exit(0)

if not torch.cuda.is_available():
    print("torch_variants: no CUDA device: skipped")
    sys.exit(0)

from torch_decode import D, LAYERS, POSITIONS, parameters, step

torch.backends.cuda.matmul.allow_tf32 = False
torch.backends.cudnn.allow_tf32 = False


def used():
    free, total = torch.cuda.mem_get_info()
    return total - free


def capture_all(layers, k_cache, v_cache, x_in, sizes, label):
    """Warm-up and capture of every size, largest first, into a new pool; prints the times and
    memory under `label` and returns {size: (graph, output, position)}: the position tensor
    is the graph's static input, kept alive with it (freed, its memory would be reused and
    the replay would read another tensor's bytes as the position)."""
    device = x_in.device
    before = used()
    start = time.perf_counter()
    pool = torch.cuda.graph_pool_handle()
    graphs = {}
    rows = []
    for batch in reversed(sizes):  # largest first, as vLLM captures
        size_start = time.perf_counter()
        size_before = used()
        k, v, x = k_cache[:, :batch], v_cache[:, :batch], x_in[:batch]
        pos_dev = torch.zeros(1, dtype=torch.long, device=device)
        side = torch.cuda.Stream()
        side.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(side):
            for _ in range(3):
                step(layers, k, v, x, pos_dev, True)
        torch.cuda.current_stream().wait_stream(side)
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph, pool=pool):
            out = step(layers, k, v, x, pos_dev, True)
        torch.cuda.synchronize()
        graphs[batch] = (graph, out, pos_dev)  # the graph reads pos_dev: it lives as long
        rows.append((batch, (time.perf_counter() - size_start) * 1e3, used() - size_before))
    startup_ms = (time.perf_counter() - start) * 1e3
    total = used() - before
    print(f"PyTorch {torch.__version__}: transformer_decode's model, f32, a CUDA graph per batch size in "
          f"{{{', '.join(map(str, sizes))}}} ({len(sizes)} graphs, one pool), {label}")
    for batch, ms, grown in reversed(rows):
        print(f"  B = {batch:<4} warm-up + capture {ms:8.1f} ms  {grown / 2**20:9.1f} MiB more")
    print(f"  start-up (warm-up + capture of every size) {startup_ms:9.1f} ms  {total / 2**20:9.1f} MiB")
    return graphs


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1,2,4,8,16,32,64,128")
    parser.add_argument("--passes", type=int, default=2,
                        help="how many times to capture every size in this process (the later ones warm)")
    args = parser.parse_args()
    sizes = sorted(int(s) for s in args.sizes.split(","))
    device = torch.device("cuda")
    largest = sizes[-1]
    with torch.no_grad():
        layers = parameters(device, torch.float32)
        k_cache = torch.zeros(LAYERS, largest, POSITIONS, D, device=device)
        v_cache = torch.zeros_like(k_cache)
        x_in = torch.rand(largest, D, device=device) * 2 - 1
        torch.cuda.synchronize()
        graphs = capture_all(layers, k_cache, v_cache, x_in, sizes, "first in the process")
        for _ in range(1, args.passes):
            capture_all(layers, k_cache, v_cache, x_in, sizes, "again (warm: cuBLAS's kernels loaded)")
        worst = 0.0
        for batch, (graph, out, _) in graphs.items():
            graph.replay()
            eager = step(layers, k_cache[:, :batch].clone(), v_cache[:, :batch].clone(), x_in[:batch],
                         torch.zeros(1, dtype=torch.long, device=device), True)
            worst = max(worst, ((out - eager).abs().max() / eager.abs().max()).item())
        print(f"  check: every graph's replay against eager, largest relative difference {worst:.2e}")
        return 0 if worst < 1e-4 else 1


if __name__ == "__main__":
    sys.exit(main())
