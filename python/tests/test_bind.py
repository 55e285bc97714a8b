"""Binding arrays to buffers, checked before any CUDA call: element type, count and layout
(R0076) against the declaration; what a buffer is declared as (Program.buffers); the stream
objects a launch takes; a buffer given back as an array. No GPU needed."""
import pytest

import graphc
from graphc._arrays import BufferArray
from graphc._streams import stream_handle

TEXT = """graph g {
    const N = 8;
    buffer x : f32[N] device;
    buffer v : float4[2] device;
    buffer h : f64[2][3] host;
    buffer p : i32[N] pageable;
    view w : i32[N] of x;
    memset zero : x = 0;
}
"""


class FakeCuda:
    """An object with __cuda_array_interface__ only, as numba's and CuPy's are."""

    def __init__(self, typestr, shape, strides=None, pointer=0x10000):
        self.__cuda_array_interface__ = {"shape": shape, "typestr": typestr, "data": (pointer, False),
                                         "strides": strides, "version": 3}


@pytest.fixture(scope="module")
def program():
    return graphc.Program.from_text("bind.graph", TEXT)


def test_buffers_as_declared(program):
    decls = {d.name: d for d in program.buffers("g")}
    x, v, h, p, w = decls["x"], decls["v"], decls["h"], decls["p"], decls["w"]
    assert (x.dtype, x.shape, x.elements, x.itemsize, x.space, x.device) == ("f32", (8,), 8, 4, "device", None)
    assert (v.dtype, v.component, v.lanes, v.itemsize) == ("float4", "f32", 4, 16)
    assert (h.shape, h.space, h.declared) == ((2, 3), "host", "f64[2][3] host")
    assert p.space == "pageable" and x.bindable and not w.bindable
    assert x.location == "bind.graph:3:12" and "f32[8] device" in repr(x)


def test_unknown_graph_is_r0013(program):
    with pytest.raises(graphc.Error) as caught:
        program.buffers("nope")
    assert caught.value.code == "R0013"


def bind_error(program, **arrays):
    with pytest.raises(graphc.Error) as caught:
        program.instantiate("g", arrays)
    return caught.value


def test_wrong_element_type(program):
    e = bind_error(program, x=FakeCuda("<f2", (8,)))
    assert e.code == "R0076"
    assert str(e) == ("bind.graph:3:12: error[R0076]: buffer 'x' is declared f32[8] device; the test_bind.FakeCuda "
                      "bound to it holds '<f2', not f32 ('<f4')")


def test_wrong_count(program):
    e = bind_error(program, x=FakeCuda("<f4", (2, 3)))
    assert e.code == "R0076" and "has 6 f32 elements (shape (2, 3)), not 8" in str(e)


def test_vector_lanes_are_elements(program):
    e = bind_error(program, v=FakeCuda("<f4", (2,)))
    assert "has 2 f32 elements (shape (2,)), not 8" in str(e)


def test_not_contiguous(program):
    e = bind_error(program, x=FakeCuda("<f4", (2, 4), strides=(4, 8)))
    assert e.code == "R0076" and "is not contiguous (strides (4, 8) bytes, shape (2, 4))" in str(e)


def test_dense_strides_and_unit_axes_are_contiguous(program):
    # Given strides that are C order (and any stride of an axis of one element) pass the layout
    # check; what fails then is CUDA's look at the memory, which needs a GPU.
    import numpy
    array = numpy.zeros(8, dtype=numpy.float32)
    with pytest.raises(graphc.Error) as caught:
        program.instantiate("g", {"x": FakeCuda("<f4", (1, 8), strides=(999, 4), pointer=array.ctypes.data)})
    assert caught.value.code != "R0076"


def test_host_array_of_wrong_type(program):
    import numpy
    e = bind_error(program, h=numpy.zeros((2, 3), dtype=numpy.float32))
    assert "the numpy.ndarray bound to it holds '<f4', not f64 ('<f8')" in str(e)


def test_object_without_interface(program):
    with pytest.raises(TypeError, match="buffer 'x': a builtins.list has neither __dlpack__, __cuda_array_interface__"):
        program.instantiate("g", {"x": [0.0] * 8})


def test_stream_handles():
    class TorchLike:
        cuda_stream = 0x1234

    class CupyLike:
        ptr = 0x5678

    class Protocol:
        def __cuda_stream__(self):
            return (0, 0x9abc)

    assert stream_handle(7) == 7
    assert stream_handle(TorchLike()) == 0x1234
    assert stream_handle(CupyLike()) == 0x5678
    assert stream_handle(Protocol()) == 0x9abc
    with pytest.raises(TypeError, match="no CUDA stream"):
        stream_handle("default")
    with pytest.raises(TypeError):
        stream_handle(True)


def test_buffer_array_interfaces(program):
    decls = {d.name: d for d in program.buffers("g")}
    device = BufferArray(None, decls["v"], 0x2000)
    assert device.__cuda_array_interface__["shape"] == (2, 4)
    assert device.__cuda_array_interface__["typestr"] == "<f4"
    assert device.__cuda_array_interface__["data"] == (0x2000, False)
    assert not hasattr(device, "__array_interface__")
    host = BufferArray(None, decls["h"], 0x3000)
    assert host.__array_interface__["shape"] == (2, 3) and host.__array_interface__["typestr"] == "<f8"
    assert not hasattr(host, "__cuda_array_interface__")
