"""Graph memory from Python: Instance.memory() and VariantInstances.memory() against the bytes
the graphs declare, the device's graph-memory pool and its trim, and Instance.release() and
VariantInstances.release(value), whose execs outlive their owners (launched and destroyed
through CuPy's CUDA runtime) until graphc's reaper thread frees what they kept. The GPU tests
skip, saying so, where no CUDA device is."""
import gc
import os
import pathlib
import time

import numpy
import pytest

import graphc
from gpu_marks import NEEDS_GPU

DATA = pathlib.Path(os.environ["GRAPHC_SOURCE_DIR"]) / "tests" / "gpu" / "data"
M = 64


def wait_for_reaper():
    """Waits (at most 10 s) for graphc's reaper thread to free what destroyed execs kept."""
    deadline = time.monotonic() + 10
    while graphc.handed_off_execs() != 0 and time.monotonic() < deadline:
        time.sleep(0.001)


@NEEDS_GPU
def test_instance_memory_counts_what_the_graph_declares():
    with graphc.load(DATA / "memory_use.graph").instantiate("held") as instance:
        use = instance.memory()
        assert use.buffers == (3 * M * M + 256) * 4  # a, b, c and 'given' (unbound here); not the view or alloc
        assert use.host_buffers == 1000 * 4
        assert use.bound == 0
        assert use.workspaces > 0  # the cuBLAS GEMM's workspace
        assert use.graph_memory == 1048576 * 4  # alloc node 'scratch'
        assert "graph_memory=4194304" in repr(use)
        instance.launch()
        instance.synchronize()
        pool = graphc.graph_memory_pool(0)
        assert pool.used_high >= use.graph_memory
        assert pool.reserved_high >= pool.used_high
        graphc.trim_graph_memory(0)
        assert graphc.graph_memory_pool(0).reserved <= pool.reserved


@NEEDS_GPU
def test_variant_instances_memory_counts_shared_buffers_once():
    rows = graphc.load_variants(DATA / "variants.graph").instantiate("rows")
    rows.instantiate_all()
    use = rows.memory()
    assert use.buffers == 2 * 8 * 256 * 4  # x and y, allocated once at B = 8 for all four variants
    assert use.graph_memory == 0
    assert rows.variant(2).memory().buffers <= use.buffers
    with pytest.raises(graphc.Error, match=r"VariantInstances.release\(value\)"):
        rows.variant(2).release()


@NEEDS_GPU
def test_released_exec_outlives_its_instance():
    cupy = pytest.importorskip("cupy")
    runtime = cupy.cuda.runtime
    instance = graphc.load(DATA / "hand_off.graph").instantiate("handed")
    host = numpy.asarray(instance.buffer("h"))  # pinned host memory, kept by the exec
    exec_handle = instance.release()
    assert instance.closed and graphc.handed_off_execs() == 1
    del instance
    stream = cupy.cuda.Stream(non_blocking=True)
    host[:] = 0
    runtime.graphLaunch(exec_handle, stream.ptr)
    stream.synchronize()
    numpy.testing.assert_array_equal(host, numpy.full(M, float(M), dtype=numpy.float32))  # (a b) / 2
    runtime.graphExecDestroy(exec_handle)
    wait_for_reaper()
    assert graphc.handed_off_execs() == 0


@NEEDS_GPU
def test_released_variant_outlives_its_variant_instances():
    cupy = pytest.importorskip("cupy")
    runtime = cupy.cuda.runtime
    rows = graphc.load_variants(DATA / "hand_off_variants.graph").instantiate("rows")
    largest = rows.variant(64)
    z = cupy.asarray(largest.buffer("z"))  # shared by both variants: M x 64 floats
    pointer, count = z.data.ptr, z.size
    assert count == M * 64
    borrowed = rows.variant(16)
    exec_handle = rows.release(16)
    assert rows.instantiated == [64] and graphc.handed_off_execs() == 1
    with pytest.raises(graphc.Error, match="handed away"):
        borrowed.launch()
    del z, largest, borrowed, rows
    gc.collect()  # the VariantInstances, its Variants and the shared buffers' owner are gone
    memory = cupy.cuda.UnownedMemory(pointer, count * 4, None)
    z = cupy.ndarray((count,), cupy.float32, cupy.cuda.MemoryPointer(memory, 0))
    z.fill(0)
    cupy.cuda.Device().synchronize()
    stream = cupy.cuda.Stream(non_blocking=True)
    runtime.graphLaunch(exec_handle, stream.ptr)
    stream.synchronize()
    expected = numpy.zeros(count, dtype=numpy.float32)
    expected[: M * 16] = 2.0 * M  # y = a x over the B = 16 columns (a = 1, x = 2), copied to z
    numpy.testing.assert_array_equal(cupy.asnumpy(z), expected)
    del z
    runtime.graphExecDestroy(exec_handle)
    wait_for_reaper()
    assert graphc.handed_off_execs() == 0
