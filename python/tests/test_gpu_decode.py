"""samples/transformer_decode driven from Python on a GPU: its weights are PyTorch tensors
bound to the graph's `parameters` buffer (the graph's own initialisation skipped), eight
tokens decoded with Instance.set("pos", p) and launch, and each token's residual stream
checked against PyTorch's own computation of the same GPT-2-shaped model in float64. Skips,
saying so, where no CUDA device or no PyTorch is."""
import os
import pathlib

import numpy

import graphc

from gpu_marks import NEEDS_GPU, NEEDS_TORCH, torch

pytestmark = [NEEDS_GPU, NEEDS_TORCH]

LAYERS, D, HEADS, HEAD_DIM, HIDDEN = 12, 768, 12, 64, 3072
BATCH, STEPS = 2, 8
# model.h's order of a layer's parameters in its slice of `parameters`.
ORDER = ("ln1_g", "ln1_b", "w_qkv", "b_qkv", "w_o", "b_o", "ln2_g", "ln2_b", "w_1", "b_1", "w_2", "b_2")
GRAPH = pathlib.Path(os.environ.get("GRAPHC_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2])) / \
    "samples" / "transformer_decode" / "transformer_decode.graph"


def parameters():
    generator = torch.Generator(device="cpu").manual_seed(7)

    def rand(*shape, scale, centre=0.0):
        return centre + (torch.rand(*shape, generator=generator) * 2 - 1) * scale

    return [dict(ln1_g=rand(D, scale=0.1, centre=1.0), ln1_b=rand(D, scale=0.02),
                 w_qkv=rand(3 * D, D, scale=0.04), b_qkv=rand(3 * D, scale=0.02),
                 w_o=rand(D, D, scale=0.04), b_o=rand(D, scale=0.02),
                 ln2_g=rand(D, scale=0.1, centre=1.0), ln2_b=rand(D, scale=0.02),
                 w_1=rand(HIDDEN, D, scale=0.04), b_1=rand(HIDDEN, scale=0.02),
                 w_2=rand(D, HIDDEN, scale=0.04), b_2=rand(D, scale=0.02)) for _ in range(LAYERS)]


def embedding(pos):
    """model.h's embedding(token, pos, d) for every token of the batch: its integer hash in
    uint32 arithmetic, then the same float32 multiply."""
    token = numpy.arange(BATCH, dtype=numpy.uint32)[:, None]
    d = numpy.arange(D, dtype=numpy.uint32)[None, :]
    with numpy.errstate(over="ignore"):
        index = (numpy.uint32(pos * 64) + token) * numpy.uint32(D) + d
        h = index * numpy.uint32(0x9E3779B1) + numpy.uint32(0xE11B * 0x85EBCA77 % 2**32) + numpy.uint32(0x165667B1)
        h ^= h >> numpy.uint32(15)
        h *= numpy.uint32(0x2C1B3C6D)
        h ^= h >> numpy.uint32(12)
        h *= numpy.uint32(0x297A2D39)
        h ^= h >> numpy.uint32(15)
    centred = (h >> numpy.uint32(8)).astype(numpy.int64) - (1 << 23)
    return centred.astype(numpy.float32) * (numpy.float32(1.0) * numpy.float32(1.0 / 8388608.0))


def reference_step(layers, k_cache, v_cache, x, pos):
    """PyTorch's GPT-2 decoder step (pre-norm, tanh GELU) at position `pos`, float64."""
    F = torch.nn.functional
    for l, p in enumerate(layers):
        q, k, v = F.linear(F.layer_norm(x, (D,), p["ln1_g"], p["ln1_b"]), p["w_qkv"], p["b_qkv"]).split(D, dim=1)
        k_cache[l][:, pos], v_cache[l][:, pos] = k, v
        keys = k_cache[l][:, : pos + 1].view(BATCH, -1, HEADS, HEAD_DIM).transpose(1, 2)
        values = v_cache[l][:, : pos + 1].view(BATCH, -1, HEADS, HEAD_DIM).transpose(1, 2)
        scores = (q.view(BATCH, HEADS, 1, HEAD_DIM) @ keys.transpose(2, 3)) / HEAD_DIM ** 0.5
        x = x + F.linear((scores.softmax(-1) @ values).view(BATCH, D), p["w_o"], p["b_o"])
        hidden = F.gelu(F.linear(F.layer_norm(x, (D,), p["ln2_g"], p["ln2_b"]), p["w_1"], p["b_1"]), approximate="tanh")
        x = x + F.linear(hidden, p["w_2"], p["b_2"])
    return x


def test_transformer_decode_with_torch_weights():
    layers = parameters()
    weights = torch.cat([layer[name].reshape(-1) for layer in layers for name in ORDER]).cuda()
    initialized = torch.ones(1, dtype=torch.int32, device="cuda")  # init_parameters leaves `weights` alone
    program = graphc.load(GRAPH, defines={"B": BATCH})
    reference_layers = [{name: t.double().cuda() for name, t in layer.items()} for layer in layers]
    k_cache = torch.zeros(LAYERS, BATCH, STEPS, D, dtype=torch.float64, device="cuda")
    v_cache = torch.zeros_like(k_cache)
    with program.instantiate("decode", {"parameters": weights, "initialized": initialized}) as instance:
        h_out = numpy.asarray(instance.buffer("h_out")).reshape(BATCH, D)
        for pos in range(STEPS):
            instance.set("pos", pos)
            instance.launch()
            instance.synchronize()
            x = torch.from_numpy(embedding(pos)).double().cuda()
            expected = reference_step(reference_layers, k_cache, v_cache, x, pos).cpu().numpy()
            error = numpy.abs(h_out - expected).max() / numpy.abs(expected).max()
            assert error < 1e-4, f"token {pos}: relative error {error:.2e}"
    # The bound tensor was used, not parameters the graph generated: it is unchanged.
    assert torch.equal(weights[:D].cpu(), layers[0]["ln1_g"])
