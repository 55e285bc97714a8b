"""graphc.Instance: a graph instantiated from Python, its buffers bound to arrays."""
import sys

from . import _graphc
from ._arrays import BufferArray, view_of
from ._streams import stream_handle


class Instance:
    """A graph built and instantiated on a device (graphc::Instance): launch it on a stream,
    set its params, read its buffers. Made by Program.instantiate.

    It holds the arrays bound to its buffers, so they live as long as it does. close() (or
    the end of a `with` block) destroys the CUDA graph and its memory at once; later calls
    raise graphc.Error. Not thread-safe: one thread at a time.
    """

    def __init__(self, program, graph, native, arrays, decls):
        self._program = program
        self.graph = graph
        self._native = native
        self._arrays = arrays
        self._decls = {d.name: d for d in decls}

    def launch(self, stream=None):
        """Launches the graph (cudaGraphLaunch) on `stream`: None is PyTorch's current
        stream when torch is imported, else the legacy default stream; a torch.cuda.Stream,
        a cupy.cuda.Stream, an object with __cuda_stream__, or a cudaStream_t as an int.
        Returns at once; the GIL is released while CUDA is called."""
        self._native.launch(stream_handle(stream))

    def synchronize(self, stream=None, timeout=600.0):
        """Waits for the launches on `stream` (as launch() names it). A graph whose
        collectives wait longer than `timeout` seconds for a peer raises graphc.Error
        (R0069)."""
        self._native.synchronize(stream_handle(stream), float(timeout))

    def set(self, name, value):
        """Sets param `name` for the next launches, without re-instantiating: an int, a
        float, a bool or the text the param's type reads ("3.5f"). R0011 for an unknown
        param, R0014 for a value its type cannot take."""
        if isinstance(value, bool):
            text = "true" if value else "false"
        elif isinstance(value, (int, float, str)):
            text = str(value) if not isinstance(value, float) else repr(value)
        else:
            raise TypeError(f"param {name!r}: an int, float, bool or str, not {type(value).__name__}")
        self._native.set_from_text(name, text)

    def buffer(self, name):
        """Buffer `name`'s memory as a graphc.BufferArray (no copy): torch.as_tensor(b,
        device="cuda") or cupy.asarray(b) for device memory, numpy.asarray(b) for host
        memory. R0010 for an unknown buffer."""
        pointer = self._native.buffer_pointer(name)
        return BufferArray(self, self._decls[name], pointer)

    def close(self):
        """Destroys the CUDA graph, its exec and the memory graphc allocated for it, and lets
        the bound arrays go. Safe to call twice."""
        self._native.close()
        self._arrays = {}

    @property
    def closed(self):
        return self._native.closed

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def __repr__(self):
        return f"<graphc.Instance of graph {self.graph!r}{' (closed)' if self.closed else ''}>"


def instantiate(program, graph, buffers=None, stream=None, device=None):
    """Program.instantiate: see its docstring."""
    arrays = dict(buffers or {})
    views = [(name, view_of(name, array)) for name, array in arrays.items()]
    if device is None:
        device = -1
        torch = sys.modules.get("torch")
        if torch is not None and torch.cuda.is_available():
            device = torch.cuda.current_device()
    native = _graphc._instantiate(program, graph, views, device, stream_handle(stream))
    return Instance(program, graph, native, arrays, _graphc._buffers(program, graph))
