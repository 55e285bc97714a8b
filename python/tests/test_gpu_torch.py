"""On a GPU with PyTorch: bf16 tensors through DLPack both ways, Instance.bind and
set_enabled, a graphc graph inside torch.cuda.graph between PyTorch's own kernels, a Python
capture function running scaled_dot_product_attention inside a graphc graph, profile() rows
and trace, and reload(); each result checked against PyTorch or NumPy on the CPU; and no leak
when a capture function raises. Skips, saying so, where no CUDA device or no PyTorch is."""
import json

import pytest

import graphc

from gpu_marks import NEEDS_GPU, NEEDS_TORCH, growth, torch

pytestmark = [NEEDS_GPU, NEEDS_TORCH]

KERNELS = r"""
#include <cuda_bf16.h>
extern "C" __global__ void widen(float* y, const __nv_bfloat16* x, float a, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * __bfloat162float(x[i]);
}
extern "C" __global__ void narrow(__nv_bfloat16* z, const float* y, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) z[i] = __float2bfloat16(y[i] + 1.0f);
}
"""

GRAPH = """module "widen_kernels.cu";

graph widen_narrow {
    const N = 1024;
    buffer x : bf16[N] device;
    buffer y : f32[N] device;
    buffer z : bf16[N] device;
    param a : f32 = SCALE;
    kernel up : widen<<<ceil_div(N, 256), 256>>>(y, x, a, N);
    kernel down : narrow<<<ceil_div(N, 256), 256>>>(z, y, N);
    up -> down;
}
"""

N = 1024


def write_graph(folder, scale):
    (folder / "widen_kernels.cu").write_text(KERNELS)
    (folder / "widen.graph").write_text(GRAPH.replace("SCALE", scale))
    return folder / "widen.graph"


@pytest.fixture()
def program(tmp_path):
    return graphc.load(write_graph(tmp_path, "2.0f"))


def bf16_input():
    return torch.linspace(-4, 4, N, device="cuda").to(torch.bfloat16)


def test_bf16_tensors_through_dlpack(program):
    x = bf16_input()
    with program.instantiate("widen_narrow", {"x": x}) as instance:
        instance.launch()
        torch.cuda.synchronize()
        z = torch.from_dlpack(instance.buffer("z"))  # graphc's own bf16 buffer, no copy
        assert z.dtype == torch.bfloat16 and tuple(z.shape) == (N,) and z.device.type == "cuda"
        assert z.data_ptr() == instance._native.buffer_pointer("z")
        expected = (2.0 * x.float() + 1.0).to(torch.bfloat16)
        assert torch.equal(z, expected)
        y = torch.from_dlpack(instance.buffer("y"))
        assert torch.equal(y, 2.0 * x.float())


def test_bf16_tensor_of_the_wrong_type_is_r0076(program):
    with pytest.raises(graphc.Error) as caught:
        program.instantiate("widen_narrow", {"x": torch.zeros(N, device="cuda", dtype=torch.float16)})
    assert caught.value.code == "R0076"
    assert "the torch.Tensor bound to it holds '<f2', not bf16" in str(caught.value)


def test_parameter_that_requires_grad_binds(program):
    x = torch.nn.Parameter(bf16_input())  # exported through detach(): the same memory
    with program.instantiate("widen_narrow", {"x": x}) as instance:
        instance.launch()
        torch.cuda.synchronize()
        assert torch.equal(torch.from_dlpack(instance.buffer("y")), 2.0 * x.detach().float())


def test_bind_and_set_enabled(program):
    first, second = bf16_input(), torch.full((N,), 0.5, device="cuda", dtype=torch.bfloat16)
    z = torch.zeros(N, device="cuda", dtype=torch.bfloat16)
    with program.instantiate("widen_narrow", {"x": first, "z": z}) as instance:
        instance.bind("x", second)  # no re-instantiation: the kernel node now reads `second`
        instance.launch()
        torch.cuda.synchronize()
        assert torch.equal(z, torch.full((N,), 2.0, device="cuda", dtype=torch.bfloat16))
        assert instance.enabled("down")
        instance.set_enabled("down", False)
        z.zero_()
        instance.launch()
        torch.cuda.synchronize()
        assert not instance.enabled("down") and torch.count_nonzero(z).item() == 0
        with pytest.raises(graphc.Error) as caught:
            instance.bind("x", torch.zeros(N + 1, device="cuda", dtype=torch.bfloat16))
        assert caught.value.code == "R0076"
        with pytest.raises(graphc.Error) as caught:
            instance.set_enabled("nope", False)
        assert caught.value.code == "R0015"


def test_inside_torch_cuda_graph(program):
    x = torch.empty(N, device="cuda", dtype=torch.bfloat16)
    with program.instantiate("widen_narrow", {"x": x}) as instance:
        instance.set("a", 3.0)
        z = torch.from_dlpack(instance.buffer("z"))
        source = torch.linspace(-2, 2, N, device="cuda")
        out = torch.empty(N, device="cuda")
        captured = torch.cuda.CUDAGraph()
        with torch.cuda.graph(captured):
            x.copy_(source * 2)         # PyTorch before
            instance.add_to_capture()   # graphc's graph on the capturing stream (the current one)
            out.copy_(z.float() * -1)   # PyTorch after, reading graphc's buffer
        for value in (1.0, -0.5):
            source.fill_(value)
            captured.replay()
            torch.cuda.synchronize()
            expected = -(3.0 * (value * 2) + 1.0)
            assert torch.equal(out, torch.full((N,), expected, device="cuda")), value
        del captured  # before the instance whose buffers it uses


def test_add_to_capture_outside_a_capture_is_r0045(program):
    with program.instantiate("widen_narrow") as instance:
        with pytest.raises(graphc.Error) as caught:
            instance.add_to_capture(torch.cuda.Stream())
        assert caught.value.code == "R0045"


def test_profile_rows_and_trace(program):
    with program.instantiate("widen_narrow", {"x": bf16_input()}) as instance:
        profile = instance.profile(5)
        rows = profile.rows()
        assert profile.launches == 5 and len(profile.launch_ns) == 5
        assert sorted({r["node"] for r in rows}) == ["down", "up"]
        assert all(r["duration_ns"] > 0 and r["kind"] == "kernel" for r in rows)
        assert {r["line"] for r in rows if r["node"] == "up"} == {9}
        assert len(rows) == 10 and rows == sorted(rows, key=lambda r: r["start_ns"])
        trace = json.loads(profile.chrome_trace())
        assert any(e.get("name") == "up" for e in trace["traceEvents"])
        assert "up" in instance.profile_report(profile)


def test_reload_sets_the_changed_value(tmp_path):
    path = write_graph(tmp_path, "2.0f")
    x = bf16_input()
    with graphc.load(path).instantiate("widen_narrow", {"x": x}) as instance:
        write_graph(tmp_path, "4.0f")
        result = instance.reload()
        assert result.kind == "nodes_set" and result.nodes_set == 1, result
        instance.launch()
        torch.cuda.synchronize()
        assert torch.equal(torch.from_dlpack(instance.buffer("y")), 4.0 * x.float())
        assert str(path) in instance.files()[0]


ATTENTION = """graph attention {
    const B = 2;
    const H = 4;
    const T = 64;
    const E = 32;
    buffer q : f32[B * H * T * E] device;
    buffer k : f32[B * H * T * E] device;
    buffer v : f32[B * H * T * E] device;
    buffer out : f32[B * H * T * E] device;
    param scale : f32 = 1.0f;
    capture attend : sdpa(q, k, v, out, scale);
}
"""


def test_python_capture_function_runs_sdpa():
    shape = (2, 4, 64, 32)
    program = graphc.from_text("attention.graph", ATTENTION)
    calls = []

    def sdpa(stream, q, k, v, out, scale):
        calls.append(scale)
        as_4d = [torch.as_tensor(a, device="cuda").view(shape) for a in (q, k, v, out)]
        with torch.cuda.stream(stream):
            attended = torch.nn.functional.scaled_dot_product_attention(*as_4d[:3], scale=scale)
            as_4d[3].copy_(attended)

    generator = torch.Generator(device="cuda").manual_seed(3)
    q, k, v = (torch.rand(shape, device="cuda", generator=generator) for _ in range(3))
    bindings = graphc.Bindings().buffer("q", q).buffer("k", k).buffer("v", v).capture("sdpa", sdpa)
    with program.instantiate("attention", bindings=bindings) as instance:
        out = torch.as_tensor(instance.buffer("out"), device="cuda").view(shape)
        for scale in (1.0, 0.25):
            instance.set("scale", scale)  # captures the node again with the new value
            instance.launch()
            torch.cuda.synchronize()
            scores = (q.double() @ k.double().transpose(-1, -2)) * scale
            expected = scores.softmax(-1) @ v.double()
            torch.testing.assert_close(out.double(), expected, rtol=2e-3, atol=2e-3)
    assert calls[0] == 1.0 and calls[-1] == 0.25


def test_python_capture_function_that_raises_is_r0041():
    program = graphc.from_text("attention.graph", ATTENTION)

    def broken(stream, *args):
        raise ValueError("no attention today")

    with pytest.raises(graphc.Error) as caught:
        program.instantiate("attention", captures={"sdpa": broken})
    assert caught.value.code == "R0041"
    assert "capture node 'attend' failed" in str(caught.value) and "ValueError: no attention today" in str(
        caught.value)


def test_python_capture_function_that_synchronizes_is_r0041():
    program = graphc.from_text("attention.graph", ATTENTION)

    def syncs(stream, q, k, v, out, scale):
        with torch.cuda.stream(stream):
            torch.as_tensor(out, device="cuda").zero_()
        stream.synchronize()

    with pytest.raises(graphc.Error) as caught:
        program.instantiate("attention", captures={"sdpa": syncs})
    assert caught.value.code == "R0041" and "'attend'" in str(caught.value)
    # The failure left no capture running: the next instance builds.
    with program.instantiate("attention", captures={"sdpa": lambda stream, *args: None}) as instance:
        instance.launch()
        torch.cuda.synchronize()


def test_default_stream_is_torch_current_stream():
    from graphc._streams import stream_handle
    torch.cuda.init()
    side = torch.cuda.Stream()
    assert stream_handle(None) == torch.cuda.current_stream().cuda_stream
    with torch.cuda.stream(side):
        assert stream_handle(None) == side.cuda_stream != 0


def test_no_leak_when_a_capture_function_raises():
    program = graphc.from_text("attention.graph", ATTENTION)

    def broken(stream, *args):
        raise ValueError("no attention today")

    def attempt():
        with pytest.raises(graphc.Error):
            program.instantiate("attention", captures={"sdpa": broken})

    grown_memory, grown_objects = growth(attempt, 200)
    print(f"leak figures: 200 failed instantiations (R0041 from Python): device memory {grown_memory} bytes, "
          f"Python objects {grown_objects}")
    assert grown_memory <= 2 << 20  # the graph's buffers and the capture's graph are freed each time
    assert grown_objects < 100
