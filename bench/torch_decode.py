#!/usr/bin/env python3
"""bench_decode's model against PyTorch, in one process on one GPU: samples/transformer_decode's
math and shapes (GPT-2 small's decoder: 12 layers, D 768, 12 heads, MLP 3072, a KV cache of
1024 positions, one token per batch member per step) at B = 1, 4, 8, 16, in f32 and bf16, five
ways each:

  graphc      transformer_decode.graph (f32) or transformer_decode_bf16.graph (bf16: cuBLASLt
              matmuls with bias and GELU epilogues) through graphc's Python module:
              Instance.set("pos", p), then launch on PyTorch's current stream (with
              --tune-matmuls, each cuBLASLt matmul's algorithm timed at instantiate);
  eager       PyTorch eager, attending over positions 0..pos;
  cudagraph   the step captured once as a torch.cuda.CUDAGraph over the whole cache with the
              positions after `pos` masked (a static KV cache), pos filled per token, replayed;
  compile     torch.compile(mode="reduce-overhead") of the same step as a module whose KV
              caches and position are registered buffers (gpt-fast's layout), so the compiled
              step runs as a CUDA graph (CUDA-graph trees) with no input copies.

Each way's tokens (positions 0..63) are timed with CUDA events, median of rounds with the ways
taking turns. Prints us/token per way, each way's ratio to the memory floor (the parameters'
bytes once per token over the device's copy bandwidth, measured here), and the ratios of
PyTorch's CUDA graph and compiled step to graphc's. TF32 is off, as in graphc's GEMMs.
Says so and exits 0 where torch or a GPU is missing; the graphc rows are left out (and said
so) where its Python module cannot be imported.

    python3 bench/torch_decode.py [--batches 1,4,8,16] [--dtypes f32,bf16] [--no-compile] [--tune-matmuls]
"""
import argparse
import pathlib
import sys

try:
    import torch
    import torch.nn.functional as F
except ImportError:
    print("torch_decode: PyTorch is not installed: skipped")
    sys.exit(0)

from torch_timing import captured, median, us_per_token

if not torch.cuda.is_available():
    print("torch_decode: no CUDA device: skipped")
    sys.exit(0)

try:
    import graphc
except ImportError as missing:
    graphc = None
    GRAPHC_MISSING = str(missing)

LAYERS, D, HEADS, HEAD_DIM, HIDDEN, POSITIONS = 12, 768, 12, 64, 3072, 1024
LAYER_PARAMETERS = 7087872
STEPS, ROUNDS = 64, 5
SAMPLE = pathlib.Path(__file__).resolve().parent.parent / "samples" / "transformer_decode"
GRAPHS = {"f32": SAMPLE / "transformer_decode.graph", "bf16": SAMPLE / "transformer_decode_bf16.graph"}
DTYPES = {"f32": torch.float32, "bf16": torch.bfloat16}
torch.backends.cuda.matmul.allow_tf32 = False
torch.backends.cudnn.allow_tf32 = False


def parameters(device, dtype):
    g = torch.Generator(device="cpu").manual_seed(1)

    def rand(*shape, scale):
        return ((torch.rand(*shape, generator=g) * 2 - 1) * scale).to(device=device, dtype=dtype)

    layers = []
    for _ in range(LAYERS):
        layers.append(dict(
            ln1_g=1 + rand(D, scale=0.1), ln1_b=rand(D, scale=0.02),
            w_qkv=rand(3 * D, D, scale=0.04), b_qkv=rand(3 * D, scale=0.02),
            w_o=rand(D, D, scale=0.04), b_o=rand(D, scale=0.02),
            ln2_g=1 + rand(D, scale=0.1), ln2_b=rand(D, scale=0.02),
            w_1=rand(HIDDEN, D, scale=0.04), b_1=rand(HIDDEN, scale=0.02),
            w_2=rand(D, HIDDEN, scale=0.04), b_2=rand(D, scale=0.02)))
    return layers


def step(layers, k_cache, v_cache, x, pos, masked):
    """One token per batch member at position `pos` (an int, or a 1-element device tensor
    when `masked`: the whole cache with positions after pos masked)."""
    batch = x.shape[0]
    for l, p in enumerate(layers):
        h = F.layer_norm(x, (D,), p["ln1_g"], p["ln1_b"])
        q, k, v = F.linear(h, p["w_qkv"], p["b_qkv"]).split(D, dim=1)
        if masked:
            k_cache[l].index_copy_(1, pos, k.unsqueeze(1))
            v_cache[l].index_copy_(1, pos, v.unsqueeze(1))
            keys, values = k_cache[l], v_cache[l]
        else:
            k_cache[l][:, pos] = k
            v_cache[l][:, pos] = v
            keys, values = k_cache[l][:, : pos + 1], v_cache[l][:, : pos + 1]
        qh = q.view(batch, HEADS, 1, HEAD_DIM)
        kh = keys.view(batch, -1, HEADS, HEAD_DIM).transpose(1, 2)
        vh = values.view(batch, -1, HEADS, HEAD_DIM).transpose(1, 2)
        scores = (qh @ kh.transpose(2, 3)) / HEAD_DIM ** 0.5
        if masked:
            after = torch.arange(POSITIONS, device=x.device) > pos
            scores = scores.masked_fill(after, float("-inf"))
        attended = (scores.softmax(-1) @ vh).view(batch, D)
        x = x + F.linear(attended, p["w_o"], p["b_o"])
        hidden = F.gelu(F.linear(F.layer_norm(x, (D,), p["ln2_g"], p["ln2_b"]), p["w_1"], p["b_1"]), approximate="tanh")
        x = x + F.linear(hidden, p["w_2"], p["b_2"])
    return x


class Decoder(torch.nn.Module):
    """The step as gpt-fast lays a decoder out for torch.compile: the KV caches, the input
    tokens and the position are registered buffers, so the compiled step's CUDA graph reads
    them in place; the host fills `pos` before each call."""

    def __init__(self, layers, batch, dtype, device):
        super().__init__()
        # The weights as parameters (sharing the eager ways' memory), which CUDA-graph trees
        # take as static: plain tensors would be copied into the graph's inputs every call.
        self.names = tuple(layers[0])
        self.weights = torch.nn.ModuleList(
            torch.nn.ParameterDict({name: torch.nn.Parameter(t, requires_grad=False) for name, t in p.items()})
            for p in layers)
        self.register_buffer("k_cache", torch.zeros(LAYERS, batch, POSITIONS, D, device=device, dtype=dtype))
        self.register_buffer("v_cache", torch.zeros(LAYERS, batch, POSITIONS, D, device=device, dtype=dtype))
        self.register_buffer("x", (torch.rand(batch, D, device=device) * 2 - 1).to(dtype))
        self.register_buffer("pos", torch.zeros(1, dtype=torch.long, device=device))

    def forward(self):
        layers = [{name: weights[name] for name in self.names} for weights in self.weights]
        return step(layers, self.k_cache, self.v_cache, self.x, self.pos, True)


class Ways:
    """Each way's token function at one batch size and type: run(pos) submits one token."""

    def __init__(self, layers, batch, dtype_name, compile_step, tune_matmuls):
        device = torch.device("cuda")
        dtype = DTYPES[dtype_name]
        self.runs = {}
        self.skipped = {}
        if graphc is not None:
            program = graphc.load(GRAPHS[dtype_name], defines={"B": batch}, tune_matmuls=tune_matmuls)
            instance = program.instantiate("decode")
            instance.launch()  # writes the parameters

            def graphc_token(pos):
                instance.set("pos", pos)
                instance.launch()

            self.instance = instance
            self.runs["graphc"] = graphc_token
        else:
            self.skipped["graphc"] = f"graphc's Python module cannot be imported ({GRAPHC_MISSING})"
        k_cache = torch.zeros(LAYERS, batch, POSITIONS, D, device=device, dtype=dtype)
        v_cache = torch.zeros_like(k_cache)
        x_in = (torch.rand(batch, D, device=device) * 2 - 1).to(dtype)
        self.runs["eager"] = lambda pos: step(layers, k_cache, v_cache, x_in, pos, False)
        self.runs["cudagraph"] = captured(lambda pos_dev: step(layers, k_cache, v_cache, x_in, pos_dev, True))
        if compile_step:
            decoder = Decoder(layers, batch, dtype, device)
            compiled = torch.compile(decoder, mode="reduce-overhead", fullgraph=True)

            def compiled_token(pos):
                decoder.pos.fill_(pos)
                compiled()

            for _ in range(3):  # compiles, records the CUDA graph, replays
                compiled_token(0)
            self.runs["compile"] = compiled_token
        else:
            self.skipped["compile"] = "--no-compile"

    def close(self):
        """Gives graphc's instance back (its buffers and exec) before the next batch size."""
        if "graphc" in self.runs:
            self.instance.close()

    def measure(self):
        """Median us/token per way, the ways taking turns, after one warm-up round each."""
        with torch.no_grad():
            for run in self.runs.values():
                us_per_token(run, STEPS)
            times = {name: [] for name in self.runs}
            for _ in range(ROUNDS):
                for name, run in self.runs.items():
                    times[name].append(us_per_token(run, STEPS))
        return {name: median(values) for name, values in times.items()}


def copy_bandwidth():
    """Bytes per second of a device-to-device copy of 1 GiB (read and write counted)."""
    a = torch.empty(1 << 30, dtype=torch.uint8, device="cuda")
    b = torch.empty_like(a)
    b.copy_(a)
    start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    times = []
    for _ in range(5):
        start.record()
        b.copy_(a)
        stop.record()
        stop.synchronize()
        times.append(start.elapsed_time(stop) / 1e3)
    del a, b
    return 2 * (1 << 30) / median(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batches", default="1,4,8,16")
    parser.add_argument("--dtypes", default="f32,bf16")
    parser.add_argument("--no-compile", action="store_true", help="leave torch.compile out (it compiles per shape)")
    parser.add_argument("--tune-matmuls", action="store_true",
                        help="graphc's cuBLASLt matmul algorithms timed at instantiate (graphc --tune-matmuls)")
    args = parser.parse_args()
    batches = [int(b) for b in args.batches.split(",")]
    dtypes = args.dtypes.split(",")
    bandwidth = copy_bandwidth()
    print(f"torch_decode: PyTorch {torch.__version__}, {torch.cuda.get_device_name()}, transformer_decode's shapes, "
          f"{STEPS} tokens per round, median of {ROUNDS} rounds; copy bandwidth {bandwidth / 1e9:.0f} GB/s")
    if graphc is None:
        print(f"torch_decode: graphc's rows left out: its Python module cannot be imported ({GRAPHC_MISSING})")
    names = ["graphc", "eager", "cudagraph", "compile"]
    for dtype_name in dtypes:
        dtype = DTYPES[dtype_name]
        floor_us = LAYERS * LAYER_PARAMETERS * torch.finfo(dtype).bits / 8 / bandwidth * 1e6
        layers = parameters(torch.device("cuda"), dtype)
        print(f"{dtype_name}: the parameters once per token take {floor_us:.1f} us (the floor)")
        print(f"{'B':>4} | " + " ".join(f"{n:>10}" for n in names) + " | " +
              " ".join(f"{'floor/' + n[:5]:>11}" for n in names) + f" | {'graph/g':>8} {'compile/g':>9} | (us/token)")
        for batch in batches:
            with torch.no_grad():
                ways = Ways(layers, batch, dtype_name, not args.no_compile, args.tune_matmuls)
            t = ways.measure()
            ways.close()
            cells = " ".join(f"{t[n]:10.1f}" if n in t else f"{'-':>10}" for n in names)
            floors = " ".join(f"{floor_us / t[n]:11.2f}" if n in t else f"{'-':>11}" for n in names)
            graph_ratio = f"{t['cudagraph'] / t['graphc']:8.2f}" if "graphc" in t else f"{'-':>8}"
            compile_ratio = (f"{t['compile'] / t['graphc']:9.2f}" if "graphc" in t and "compile" in t
                             else f"{'-':>9}")
            print(f"{batch:>4} | {cells} | {floors} | {graph_ratio} {compile_ratio} |", flush=True)
            del ways
            torch.cuda.empty_cache()


if __name__ == "__main__":
    main()
