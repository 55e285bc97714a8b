#!/usr/bin/env python3
"""PyTorch's figures for bench_decode: samples/transformer_decode's math and shapes (GPT-2
small's decoder: 12 layers, D 768, 12 heads, MLP 3072, a KV cache of 1024 positions, f32, one
token per batch member per step) in PyTorch eager and replayed as a torch.cuda.CUDAGraph, at
B = 1, 4, 8, 16. The graph cannot change shape between replays, so it attends over the whole
cache with a mask of the positions after `pos` (a static KV cache, as CUDA-graph decoding in
PyTorch does); eager attends over positions 0..pos. TF32 is off, as in graphc's cuBLAS calls.
Prints us/token and tokens/s per B; says so and exits 0 where torch or a GPU is missing.

    python3 bench/torch_decode.py
"""
import sys

try:
    import torch
    import torch.nn.functional as F
except ImportError:
    print("torch_decode: PyTorch is not installed: skipped")
    sys.exit(0)

from torch_timing import eager_and_graph

if not torch.cuda.is_available():
    print("torch_decode: no CUDA device: skipped")
    sys.exit(0)

LAYERS, D, HEADS, HEAD_DIM, HIDDEN, POSITIONS = 12, 768, 12, 64, 3072, 1024
STEPS, ROUNDS = 64, 5
torch.backends.cuda.matmul.allow_tf32 = False
torch.backends.cudnn.allow_tf32 = False


def parameters(device):
    g = torch.Generator(device="cpu").manual_seed(1)

    def rand(*shape, scale):
        return ((torch.rand(*shape, generator=g) * 2 - 1) * scale).to(device)

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


def measure(layers, batch):
    device = torch.device("cuda")
    k_cache = torch.zeros(LAYERS, batch, POSITIONS, D, device=device)
    v_cache = torch.zeros_like(k_cache)
    x_in = torch.rand(batch, D, device=device) * 2 - 1
    return eager_and_graph(lambda pos, masked: step(layers, k_cache, v_cache, x_in, pos, masked), STEPS, ROUNDS)


def main():
    device = torch.device("cuda")
    layers = parameters(device)
    print(f"torch_decode: PyTorch {torch.__version__}, {torch.cuda.get_device_name()}, same shapes as "
          f"transformer_decode, {STEPS} tokens per round, median of {ROUNDS} rounds")
    print(f"{'B':>4} | {'eager':>10} {'cudagraph':>10} | {'eager tok/s':>11} {'graph tok/s':>11} | (us/token)")
    for batch in (1, 4, 8, 16):
        eager, graph = measure(layers, batch)
        print(f"{batch:>4} | {eager:10.1f} {graph:10.1f} | {batch * 1e6 / eager:11.0f} {batch * 1e6 / graph:11.0f} |")


if __name__ == "__main__":
    main()
