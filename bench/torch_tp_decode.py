#!/usr/bin/env python3
"""PyTorch's figures for bench_tp_decode: samples/tp_decode's math and shapes (a Llama-shaped
decoder: 8 layers, D 4096, 32 heads of 128, SwiGLU MLP 11008, RMSNorm, RoPE, a KV cache of
1024 positions, bf16 weights and activations between GEMMs, f32 residual stream) with
Megatron's tensor parallelism over 1, 2, 4, ... GPUs (as many as the machine has, at most
--max-tp): one process per GPU (torch.multiprocessing),
torch.distributed with the NCCL backend, an all-reduce after the attention output and after
the MLP's down projection. Each rank's step runs eagerly and replayed as a
torch.cuda.CUDAGraph with its two all-reduces a layer inside. The graph cannot change shape
between replays, so it attends over the whole cache with the positions after `pos` masked (a
static KV cache, as CUDA-graph decoding in PyTorch does); eager attends over positions
0..pos. At B = 1 and 8, positions 0 to 63 a round, median of 5 rounds; prints rank 0's
us/token and tokens/s per world size, and each CUDA graph's speed-up over TP1's. Says so and
exits 0 where torch or two GPUs are missing.

    python3 bench/torch_tp_decode.py [--max-tp N] [--layers L]
"""
import argparse
import os
import sys

try:
    import torch
    import torch.distributed as dist
    import torch.multiprocessing as mp
except ImportError:
    print("torch_tp_decode: PyTorch is not installed: skipped")
    sys.exit(0)

from torch_timing import eager_and_graph

D, HEADS, HIDDEN, POSITIONS = 4096, 32, 11008, 1024
HEAD_DIM = D // HEADS
STEPS, ROUNDS = 64, 5
torch.backends.cuda.matmul.allow_tf32 = False


def parameters(rank, world, layers, device):
    """Rank `rank`'s slices of `layers` layers among `world` ranks (random values: the timing
    does not depend on them)."""
    g = torch.Generator(device="cpu").manual_seed(1 + rank)
    dl, fl = D // world, HIDDEN // world

    def rand(*shape):
        return ((torch.rand(*shape, generator=g) * 2 - 1) * (3 / shape[-1]) ** 0.5).to(device, torch.bfloat16)

    return [dict(w_qkv=rand(3 * dl, D), w_o=rand(D, dl), w_gate_up=rand(2 * fl, D), w_down=rand(D, fl),
                 g_attn=torch.ones(D, device=device), g_mlp=torch.ones(D, device=device))
            for _ in range(layers)]


def rms_norm(x, gain):
    return (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-5) * gain).to(torch.bfloat16)


def rope(v, cos, sin):
    """v [batch, heads, head_dim]; the halves of a head paired as Llama pairs them."""
    a, b = v[..., : HEAD_DIM // 2], v[..., HEAD_DIM // 2:]
    return torch.cat((a * cos - b * sin, b * cos + a * sin), dim=-1)


def step(world, layers, cache, x, pos, tables, masked):
    """One token per batch member at position `pos` (an int, or a 1-element device tensor
    when `masked`) on one of `world` ranks."""
    batch = x.shape[0]
    heads, dl = HEADS // world, D // world
    cos, sin = tables[0][pos].view(-1, 1, HEAD_DIM // 2), tables[1][pos].view(-1, 1, HEAD_DIM // 2)
    for l, p in enumerate(layers):
        h = rms_norm(x, p["g_attn"])
        q, k, v = (h @ p["w_qkv"].t()).float().split(dl, dim=1)
        q = rope(q.view(batch, heads, HEAD_DIM), cos, sin)
        k = rope(k.view(batch, heads, HEAD_DIM), cos, sin).to(torch.bfloat16)
        v = v.view(batch, heads, HEAD_DIM).to(torch.bfloat16)
        k_cache, v_cache = cache[0][l], cache[1][l]  # [batch, heads, positions, head_dim]
        if masked:
            k_cache.index_copy_(2, pos, k.unsqueeze(2))
            v_cache.index_copy_(2, pos, v.unsqueeze(2))
            keys, values = k_cache, v_cache
        else:
            k_cache[:, :, pos] = k
            v_cache[:, :, pos] = v
            keys, values = k_cache[:, :, : pos + 1], v_cache[:, :, : pos + 1]
        scores = (q.unsqueeze(2) @ keys.float().transpose(2, 3)) / HEAD_DIM ** 0.5
        if masked:
            scores = scores.masked_fill(torch.arange(POSITIONS, device=x.device) > pos, float("-inf"))
        attended = (scores.softmax(-1) @ values.float()).view(batch, dl).to(torch.bfloat16)
        partial = attended @ p["w_o"].t()
        dist.all_reduce(partial)
        x = x + partial.float()
        gate, up = (rms_norm(x, p["g_mlp"]) @ p["w_gate_up"].t()).float().split(HIDDEN // world, dim=1)
        partial = (torch.nn.functional.silu(gate) * up).to(torch.bfloat16) @ p["w_down"].t()
        dist.all_reduce(partial)
        x = x + partial.float()
    return x


def measure(rank, world, layers, batch, tables):
    device = torch.device("cuda", rank)
    shape = (len(layers), batch, HEADS // world, POSITIONS, HEAD_DIM)
    cache = (torch.zeros(shape, device=device, dtype=torch.bfloat16),
             torch.zeros(shape, device=device, dtype=torch.bfloat16))
    x_in = torch.rand(batch, D, device=device) * 2 - 1
    return eager_and_graph(lambda pos, masked: step(world, layers, cache, x_in, pos, tables, masked), STEPS, ROUNDS,
                           barrier=dist.barrier)


def rank_main(rank, world, layer_count, results):
    torch.cuda.set_device(rank)
    dist.init_process_group("nccl", init_method=f"tcp://127.0.0.1:{29517 + world}", rank=rank, world_size=world,
                            device_id=torch.device("cuda", rank))
    device = torch.device("cuda", rank)
    layers = parameters(rank, world, layer_count, device)
    angles = torch.arange(POSITIONS, device=device).float().unsqueeze(1) * \
        10000.0 ** (-2.0 * torch.arange(HEAD_DIM // 2, device=device).float() / HEAD_DIM)
    tables = (angles.cos(), angles.sin())
    for batch in (1, 8):
        eager, graph = measure(rank, world, layers, batch, tables)
        if rank == 0:
            results[(world, batch)] = (eager, graph)
    dist.destroy_process_group()


def main():
    parser = argparse.ArgumentParser(description="PyTorch's figures for bench_tp_decode")
    parser.add_argument("--max-tp", type=int, default=8, help="the largest world size measured")
    parser.add_argument("--layers", type=int, default=8, help="the model's layers")
    parser.add_argument("--nccl-graph-mixing", action="store_true",
                        help="leave NCCL's graph mixing support on (by default NCCL_GRAPH_MIXING_SUPPORT=0 unless the "
                             "environment sets it, as bench_tp_decode runs graphc's graphs)")
    args = parser.parse_args()
    devices = torch.cuda.device_count() if torch.cuda.is_available() else 0
    if devices < 2:
        print("torch_tp_decode: needs 2 GPUs: skipped")
        return
    # NVLink multicast off in every process: it can take a shared host's GPUs out of service.
    os.environ.update(NCCL_NVLS_ENABLE="0", TORCH_SYMM_MEM_DISABLE_MULTICAST="1", NVSHMEM_DISABLE_NVLS="1")
    # Every NCCL call outside the captured step (warm-up, barriers) is issued with no replay outstanding.
    if not args.nccl_graph_mixing:
        os.environ.setdefault("NCCL_GRAPH_MIXING_SUPPORT", "0")
    worlds = [n for n in (1, 2, 4, 8) if n <= min(devices, args.max_tp)]
    print(f"torch_tp_decode: PyTorch {torch.__version__}, {torch.cuda.get_device_name()}, TP {worlds} (a process "
          f"per GPU, NCCL), same shapes as tp_decode, {args.layers} layers, {STEPS} tokens per round, median of "
          f"{ROUNDS} rounds, NCCL_GRAPH_MIXING_SUPPORT={os.environ.get('NCCL_GRAPH_MIXING_SUPPORT', 'unset (1)')}")
    print(f"{'TP':>3} {'B':>4} | {'eager':>10} {'cudagraph':>10} | {'eager tok/s':>11} {'graph tok/s':>11} | "
          f"{'graph TP1/TPn':>13} | (us/token, rank 0)")
    with mp.Manager() as manager:
        results = manager.dict()
        for world in worlds:
            mp.spawn(rank_main, args=(world, args.layers, results), nprocs=world)
            for batch in (1, 8):
                eager, graph = results[(world, batch)]
                print(f"{world:>3} {batch:>4} | {eager:10.1f} {graph:10.1f} | {batch * 1e6 / eager:11.0f} "
                      f"{batch * 1e6 / graph:11.0f} | {results[(1, batch)][1] / graph:12.2f}x |", flush=True)


if __name__ == "__main__":
    main()
