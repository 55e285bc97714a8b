"""Capture functions written in Python (Program.instantiate(captures=...)): what graphc
calls while it captures a capture node, and what the function is given."""
import sys
from types import SimpleNamespace

from . import _graphc
from ._arrays import BufferArray


class CaptureStream:
    """The stream a capture function is given where PyTorch is not imported: a cudaStream_t
    that is capturing. CuPy: `with cupy.cuda.ExternalStream(stream.ptr):`; cuda.core and
    others read __cuda_stream__."""

    def __init__(self, handle):
        self.ptr = handle
        self.cuda_stream = handle

    def __cuda_stream__(self):
        return (0, self.ptr)

    def __repr__(self):
        return f"<graphc.CaptureStream 0x{self.ptr:x}>"


def _stream(handle):
    torch = sys.modules.get("torch")
    if torch is not None and torch.cuda.is_available():
        return torch.cuda.ExternalStream(handle)
    return CaptureStream(handle)


def _argument(node, index, raw):
    """A value as it is; a buffer as a BufferArray over its elements from the node's
    address to the buffer's end (1-D; a vector type's lanes as a last axis)."""
    if not isinstance(raw, tuple) or len(raw) != 6:
        return raw
    pointer, elements, dtype, component, lanes, typestr = raw
    device = _graphc._dlpack_device(pointer)[0] == 2
    decl = SimpleNamespace(name=f"{node} argument {index + 1}", dtype=dtype, component=component, lanes=lanes,
                           typestr=typestr, shape=(elements,), space="device" if device else "host",
                           declared=f"{dtype}[{elements}] {'device' if device else 'host'}")
    return BufferArray(None, decl, pointer)


def _memory_pool(torch):
    """A private pool of PyTorch's caching allocator for what a capture function allocates
    (None without torch or a GPU), as torch.cuda.graph keeps one for its graph: the blocks
    stay the graph's, never handed to other tensors, for as long as the instance lives."""
    if torch is None or not torch.cuda.is_available():
        return None
    return torch.cuda.MemPool()


def wrap(function):
    """The wrapper graphc's C++ calls as (stream, node, location, arguments): it calls
    function(stream, *arguments) with the stream as a torch.cuda.ExternalStream when torch
    is imported (else a CaptureStream) and each buffer as a BufferArray. What PyTorch
    allocates meanwhile comes from a pool of the wrapper's own (torch.cuda.use_mem_pool),
    which the instance keeps: the captured graph goes on using those blocks at every launch,
    and no other tensor is given them."""
    pool = None

    def call(handle, node, location, arguments):
        nonlocal pool
        torch = sys.modules.get("torch")
        args = [_argument(node, i, a) for i, a in enumerate(arguments)]
        if pool is None:
            pool = _memory_pool(torch)
        if pool is None:
            function(_stream(handle), *args)
            return
        with torch.cuda.use_mem_pool(pool):
            function(_stream(handle), *args)

    return call
