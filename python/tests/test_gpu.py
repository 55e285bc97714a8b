"""On a GPU: arrays of PyTorch, CuPy and NumPy bound to a graph's buffers, launched on
PyTorch's stream, checked against NumPy on the CPU; buffers given back without a copy; the
memory check (R0077); and 1,000 instantiate/launch/close cycles with device memory and
Python objects flat. Skips, saying so, where no CUDA device is."""

import numpy
import pytest

import graphc
from gpu_marks import NEEDS_GPU, growth


pytestmark = NEEDS_GPU

KERNELS = r"""
extern "C" __global__ void saxpy(float* y, const float* x, float a, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
"""

GRAPH = """module "axpy_kernels.cu";

graph axpy {
    const N = 1000;
    buffer x : f32[N] device;
    buffer y : f32[N] device;
    buffer out : f32[N] host;
    param a : f32 = 2.0f;
    kernel step : saxpy<<<ceil_div(N, 256), 256>>>(y, x, a, N);
    copy down : out <- y;
    step -> down;
}
"""

N = 1000


@pytest.fixture(scope="module")
def program(tmp_path_factory):
    folder = tmp_path_factory.mktemp("axpy")
    (folder / "axpy_kernels.cu").write_text(KERNELS)
    (folder / "axpy.graph").write_text(GRAPH)
    assert graphc.check(folder / "axpy.graph") == []
    return graphc.load(folder / "axpy.graph")


def reference(x, y, a, launches):
    for _ in range(launches):
        y = numpy.float32(a) * x + y
    return y


def test_torch_tensors_on_torch_stream(program):
    torch = pytest.importorskip("torch")
    x = torch.linspace(-1, 1, N, device="cuda")
    y = torch.arange(N, device="cuda", dtype=torch.float32)
    x_cpu, y_cpu = x.cpu().numpy(), y.cpu().numpy()
    stream = torch.cuda.Stream()
    with torch.cuda.stream(stream), program.instantiate("axpy", {"x": x, "y": y}) as instance:
        instance.launch()  # PyTorch's current stream: `stream`
        instance.set("a", 0.5)
        instance.launch(stream)
        stream.synchronize()
        expected = reference(x_cpu, reference(x_cpu, y_cpu, 2.0, 1), 0.5, 1)
        numpy.testing.assert_allclose(y.cpu().numpy(), expected, rtol=1e-6)
        # The host buffer graphc allocated (pinned), through NumPy without a copy.
        numpy.testing.assert_allclose(numpy.asarray(instance.buffer("out")), expected, rtol=1e-6)
        # The bound tensor's memory is the buffer's.
        assert torch.as_tensor(instance.buffer("y"), device="cuda").data_ptr() == y.data_ptr()
    assert instance.closed


def test_graph_memory_through_torch_and_cupy(program):
    torch = pytest.importorskip("torch")
    cupy = pytest.importorskip("cupy")
    with program.instantiate("axpy") as instance:  # graphc allocates x and y
        x = torch.as_tensor(instance.buffer("x"), device="cuda")
        y = cupy.asarray(instance.buffer("y"))
        assert tuple(x.shape) == (N,) and x.dtype == torch.float32 and y.dtype == cupy.float32
        x.copy_(torch.ones(N, device="cuda"))
        y[:] = 3.0
        torch.cuda.synchronize()
        instance.launch(0)
        instance.synchronize(0)
        numpy.testing.assert_allclose(cupy.asnumpy(y), numpy.full(N, 5.0, numpy.float32))


def test_cupy_arrays_on_a_cupy_stream(program):
    cupy = pytest.importorskip("cupy")
    x = cupy.arange(N, dtype=cupy.float32)
    y = cupy.ones(N, dtype=cupy.float32)
    stream = cupy.cuda.Stream(non_blocking=True)
    with program.instantiate("axpy", {"x": x, "y": y}) as instance:
        instance.set("a", -1)
        instance.launch(stream)
        stream.synchronize()
        numpy.testing.assert_allclose(cupy.asnumpy(y), reference(numpy.arange(N, dtype=numpy.float32),
                                                                 numpy.ones(N, numpy.float32), -1.0, 1))


def test_host_memory_for_a_device_buffer_is_r0077(program):
    with pytest.raises(graphc.Error) as caught:
        program.instantiate("axpy", {"x": numpy.zeros(N, numpy.float32)})
    assert caught.value.code == "R0077"
    assert "buffer 'x' is declared f32[1000] device; the numpy.ndarray bound to it is pageable host memory" in str(
        caught.value)
    assert str(caught.value).startswith(str(program.buffers("axpy")[0].location))


def test_pinned_torch_tensor_for_a_host_buffer(program):
    torch = pytest.importorskip("torch")
    out = torch.zeros(N, dtype=torch.float32).pin_memory()
    y = torch.full((N,), 4.0, device="cuda")
    with program.instantiate("axpy", {"y": y, "out": out}) as instance:
        torch.as_tensor(instance.buffer("x"), device="cuda").zero_()
        torch.cuda.synchronize()
        instance.launch()
        instance.synchronize()
    assert torch.equal(out, torch.full((N,), 4.0))


def test_closed_instance_raises(program):
    instance = program.instantiate("axpy")
    instance.close()
    instance.close()
    with pytest.raises(graphc.Error, match="closed"):
        instance.launch(0)


def test_no_leak_over_1000_cycles(program):
    torch = pytest.importorskip("torch")
    x = torch.ones(N, device="cuda")
    y = torch.zeros(N, device="cuda")

    def cycle():
        with program.instantiate("axpy", {"x": x, "y": y}) as instance:
            instance.launch(0)
            instance.synchronize(0)

    grown_memory, grown_objects = growth(cycle, 1000)
    print(f"leak figures: device memory {grown_memory} bytes, Python objects {grown_objects} over 1000 cycles")
    assert grown_memory <= 2 << 20  # the driver's own pools move by a few pages, not a graph a cycle
    assert grown_objects < 100
    numpy.testing.assert_allclose(y.cpu().numpy(), numpy.full(N, 2040.0, numpy.float32))
