"""graphc.load_variants: a file's variant dimension from Python (graphc::Variants), on the CPU;
and on a GPU, one graph's variants over shared buffers (graphc::VariantInstances): a launch
of n rows takes the smallest variant that holds them and scales exactly its rows, checked
against NumPy. The GPU tests skip, saying so, where no CUDA device is."""
import os
import pathlib

import numpy
import pytest

import graphc
from gpu_marks import NEEDS_GPU

SOURCE = pathlib.Path(os.environ["GRAPHC_SOURCE_DIR"])
ROWS = SOURCE / "tests" / "gpu" / "data" / "variants.graph"  # variant B in {1, 2, 4, 8}; N = 256
N = 256


def test_load_variants_dimension_values_and_holding():
    variants = graphc.load_variants(ROWS)
    assert variants.dimension == "B"
    assert variants.values == [1, 2, 4, 8]
    assert [variants.holding(n) for n in (1, 2, 3, 5, 8)] == [1, 2, 4, 8, 8]
    assert variants.program(4).graphs == ["rows"]
    assert repr(variants) == "<graphc.Variants B in {1, 2, 4, 8}>"
    buffers = {b.name: b.shape for b in variants.program(2).buffers("rows")}
    assert buffers == {"x": (2 * N,), "y": (2 * N,)}


def test_load_variants_errors():
    variants = graphc.load_variants(ROWS)
    with pytest.raises(graphc.Error, match="R0078"):
        variants.holding(9)
    with pytest.raises(graphc.Error, match="R0079"):
        variants.program(3)
    with pytest.raises(graphc.Error, match="R0080"):
        graphc.load_variants(SOURCE / "samples" / "diamond" / "diamond.graph")


def test_load_variants_of_a_const():
    variants = graphc.load_variants(SOURCE / "samples" / "diamond" / "diamond.graph", variants={"N": [1024, 2048]})
    assert (variants.dimension, variants.values) == ("N", [1024, 2048])


@NEEDS_GPU
def test_launch_takes_the_variant_that_holds_n():
    variants = graphc.load_variants(ROWS)
    rows = variants.instantiate("rows")
    assert rows.instantiated == []
    assert rows.buffer_bytes("x") == 8 * N * 4  # allocated once, at B = 8
    rows.launch(3)  # builds B = 4 and scales its 4 rows of x (iota) into y
    assert rows.instantiated == [4]
    instance = rows.variant(4)
    instance.synchronize()
    # The B = 4 variant's y is the shared buffer's first 4 rows, all scaled.
    want = numpy.arange(4 * N, dtype=numpy.float32) * numpy.float32(2.0)
    numpy.testing.assert_array_equal(graphc_copy(instance, "y"), want)


@NEEDS_GPU
def test_variants_share_buffers_and_set_their_own_params():
    rows = graphc.load_variants(ROWS).instantiate("rows")
    rows.instantiate_all()
    assert rows.instantiated == [1, 2, 4, 8]
    small = rows.holding(2)
    small.set("scale", 3.0)
    small.launch()
    small.synchronize()
    got = graphc_copy(rows.variant(8), "y")  # the largest sees the rows the smallest wrote
    want = numpy.full(8 * N, -1.0, dtype=numpy.float32)
    want[:2 * N] = numpy.arange(2 * N, dtype=numpy.float32) * numpy.float32(3.0)
    numpy.testing.assert_array_equal(got, want)
    small.close()  # lets the borrowed variant go; it stays built
    assert small.closed and rows.instantiated == [1, 2, 4, 8]


def graphc_copy(instance, name):
    """Device buffer `name` of `instance` copied to the host through CuPy or PyTorch."""
    buffer = instance.buffer(name)
    try:
        import cupy
        return cupy.asnumpy(cupy.asarray(buffer))
    except ImportError:
        torch = pytest.importorskip("torch")
        return torch.as_tensor(buffer, device="cuda").cpu().numpy()
