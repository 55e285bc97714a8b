"""Graph memory from Python: Instance.memory() and VariantInstances.memory() against the bytes
the graphs declare, the device's graph-memory pool and its trim, and Instance.release(),
whose exec outlives the instance (launched and destroyed through CuPy's CUDA runtime) until
graphc's reaper thread frees what it kept. The GPU tests skip, saying so, where no CUDA
device is."""
import os
import pathlib
import time

import numpy
import pytest

import graphc
from gpu_marks import NEEDS_GPU

DATA = pathlib.Path(os.environ["GRAPHC_SOURCE_DIR"]) / "tests" / "gpu" / "data"
M = 64


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
    with pytest.raises(graphc.Error, match="cannot be released"):
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
    deadline = time.monotonic() + 10
    while graphc.handed_off_execs() != 0 and time.monotonic() < deadline:
        time.sleep(0.001)
    assert graphc.handed_off_execs() == 0
