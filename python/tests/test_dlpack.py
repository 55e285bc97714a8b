"""DLPack both ways without a GPU: NumPy arrays read through __dlpack__ and checked against
their buffers (R0076), a buffer's memory exported as a capsule that numpy.from_dlpack wraps
without a copy, bf16 buffers described by DLPack alone, and a capture function's buffer
arguments as arrays."""
import numpy
import pytest

import graphc
from graphc._arrays import BufferArray, view_of
from graphc._capture import CaptureStream, _argument

TEXT = """graph g {
    buffer h : f64[2][3] host;
    buffer b : bf16[8] device;
    buffer p : i32[4] pageable;
    memset zero : b = 0;
}
"""


@pytest.fixture(scope="module")
def decls():
    return {d.name: d for d in graphc.Program.from_text("dl.graph", TEXT).buffers("g")}


def test_numpy_array_read_through_dlpack():
    array = numpy.arange(6, dtype=numpy.float64).reshape(2, 3)
    view = view_of("h", array)
    assert (view.kind, view.typestr, view.shape, view.data) == ("numpy.ndarray", "<f8", [2, 3], array.ctypes.data)
    assert view.host_interface


def test_strided_numpy_array_keeps_its_strides_in_bytes():
    array = numpy.zeros((4, 6), dtype=numpy.float32)[:, ::2]
    view = view_of("x", array)
    assert view.shape == [4, 3] and view.strides == [24, 8]


def test_read_only_array_falls_back_to_the_array_interface():
    array = numpy.zeros(4, dtype=numpy.int32)
    array.flags.writeable = False
    assert view_of("p", array).typestr == "<i4"


def test_wrong_type_through_dlpack_is_r0076(decls):
    program = graphc.Program.from_text("dl.graph", TEXT)
    with pytest.raises(graphc.Error) as caught:
        program.instantiate("g", {"b": numpy.zeros(8, dtype=numpy.float16)})
    assert caught.value.code == "R0076"
    assert ("the numpy.ndarray bound to it holds '<f2', not bf16 (no array interface can describe bf16 elements: "
            "pass an array with __dlpack__, a torch.bfloat16 tensor)") in str(caught.value)


def test_host_buffer_exported_without_a_copy(decls):
    memory = numpy.arange(6, dtype=numpy.float64)
    exported = BufferArray(memory, decls["h"], memory.ctypes.data)
    assert exported.__dlpack_device__() == (1, 0)
    wrapped = numpy.from_dlpack(exported)
    assert wrapped.shape == (2, 3) and wrapped.dtype == numpy.float64
    assert wrapped.ctypes.data == memory.ctypes.data
    memory[4] = 40.0
    assert wrapped[1, 1] == 40.0


def test_unconsumed_capsule_is_freed(decls):
    memory = numpy.zeros(6, dtype=numpy.float64)
    exported = BufferArray(memory, decls["h"], memory.ctypes.data)
    for _ in range(1000):
        exported.__dlpack__()  # dropped at once: its destructor frees the tensor and its reference
    import sys
    assert sys.getrefcount(exported) < 10


def test_bf16_buffer_has_dlpack_only(decls):
    exported = BufferArray(None, decls["b"], 0x4000)
    assert not hasattr(exported, "__cuda_array_interface__") and not hasattr(exported, "__array_interface__")
    assert exported.shape == (8,)
    assert type(exported.__dlpack__()).__name__ == "PyCapsule"
    with pytest.raises(BufferError):
        exported.__dlpack__(copy=True)


def test_capture_arguments():
    buffer = _argument("attend", 0, (0x5000, 12, "float4", "f32", 4, "<f4"))
    assert isinstance(buffer, BufferArray) and buffer.shape == (12, 4)
    assert buffer.decl.name == "attend argument 1" and buffer.decl.declared == "float4[12] host"
    assert buffer.__array_interface__["typestr"] == "<f4"  # no GPU here: the address reads as host memory
    assert _argument("attend", 1, 0.25) == 0.25 and _argument("attend", 2, (1, 2)) == (1, 2)
    stream = CaptureStream(0x1234)
    assert stream.__cuda_stream__() == (0, 0x1234) and stream.ptr == stream.cuda_stream == 0x1234
