"""graphc.Instance: a graph instantiated from Python, its buffers bound to arrays."""
import sys

from . import _capture, _graphc
from ._arrays import BufferArray, view_of
from ._bindings import merged
from ._streams import stream_handle


class ReloadResult:
    """What Instance.reload did (graphc::ReloadResult): kind is 'nodes_set' (only values
    changed: nodes_set nodes set in the exec, no graph built), 'updated' (a new graph, the
    exec updated in place) or 'reinstantiated'; reason says why the cheaper way was not
    taken; warnings the file's warnings as read again."""

    def __init__(self, kind, reason, warnings, nodes_set):
        self.kind, self.reason, self.warnings, self.nodes_set = kind, reason, warnings, nodes_set

    def __repr__(self):
        return f"<graphc.ReloadResult {self.kind}{': ' + self.reason if self.reason else ''}>"


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
        # The C++ method itself, which resolves the stream too: no Python frame in a launch.
        self.launch = native.launch

    def launch(self, stream=None):
        """Launches the graph (cudaGraphLaunch) on `stream`: None is PyTorch's current
        stream when torch is imported and has initialised CUDA, else the legacy default
        stream; a torch.cuda.Stream,
        a cupy.cuda.Stream, an object with __cuda_stream__, or a cudaStream_t as an int.
        Returns at once; the GIL is released while CUDA is called. (Each instance's `launch`
        is its C++ method itself; this is its documentation.)"""
        self._native.launch(stream)

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

    def bind(self, name, array):
        """Points buffer `name` at `array`'s memory for the next launches, without
        re-instantiating (graphc::Instance::bind: the nodes that use it are updated in the
        exec). `array` is checked as Program.instantiate checks its buffers (R0076, R0077,
        R0010 for an unknown buffer) and kept alive by the instance. Wait for running
        launches first if the old memory is about to be freed."""
        self._native.bind(name, view_of(name, array))
        self._arrays[name] = array

    def set_enabled(self, name, enabled):
        """Enables or disables node `name` for the next launches (cudaGraphNodeSetEnabled):
        kernel, copy and memset nodes of the graph itself. R0031 for another node, R0015 for
        an unknown one."""
        self._native.enable(name, bool(enabled))

    def enabled(self, name):
        """Whether node `name` is enabled (cudaGraphNodeGetEnabled)."""
        return self._native.enabled(name)

    def reload(self, stream=None):
        """Reads the file (its imports and modules) again and rebuilds this graph with the
        same bindings, as cheaply as the change allows (graphc::Instance::reload): returns a
        graphc.ReloadResult. A file with errors raises graphc.Error and leaves the instance as
        it was. Params start from the file's defaults again. Synchronizes `stream`."""
        return ReloadResult(*self._native.reload(stream_handle(stream)))

    def files(self):
        """The files the graph was compiled from (the file, its imports, their modules):
        what a hot reloader watches."""
        return self._native.files()

    def add_to_capture(self, stream=None):
        """Adds this graph to the graph `stream` is capturing, as one child graph node after
        the capture's current work (graphc::Instance::add_to_capture): inside
        `with torch.cuda.graph(g):` with stream None (PyTorch's current stream, the capturing
        one), the graphc graph runs where this call stands between PyTorch's kernels at every
        g.replay(). The node is built now with the params' current values; it uses this
        instance's buffers, so the instance must outlive the captured graph. R0045 when the
        stream is not capturing or the graph has conditional nodes."""
        self._native.add_to_capture(stream_handle(stream))

    def profile(self, launches=10, stream=None):
        """Launches the graph `launches` times under CUPTI and returns a graphc.Profile: its
        runs (graphc.NodeRun: node, kind, file, line, column, function, start_ns, end_ns,
        launch, iteration, duration_ns), launch_ns, plain_launch_us and profiled_launch_us.
        pandas: DataFrame(profile.rows()). profile.chrome_trace() is the JSON `graphc run
        --trace` writes; instance.profile_report(profile) the table `graphc run --profile`
        prints. R0060 when CUPTI cannot be loaded, R0061 when another profiler holds it, R0062
        for zero launches."""
        return self._native.profile(int(launches), stream_handle(stream))

    def profile_report(self, profile):
        """The table `graphc run --profile` prints for `profile` (of this instance's graph):
        each node's device time per launch, the critical path, the launches."""
        return self._native.profile_report(profile)

    def buffer(self, name):
        """Buffer `name`'s memory as a graphc.BufferArray (no copy): torch.as_tensor(b,
        device="cuda") or cupy.asarray(b) for device memory, numpy.asarray(b) for host
        memory. R0010 for an unknown buffer."""
        pointer = self._native.buffer_pointer(name)
        return BufferArray(self, self._decls[name], pointer)

    def memory(self):
        """What this instance holds in memory, in bytes, as a graphc.MemoryUse: graphc's own
        device and host buffers, the caller's arrays bound to it, the capture nodes'
        library workspaces, and what its alloc nodes take from the graph-memory pool while
        a launch runs (graphc::Instance::memory). Needs no CUDA call."""
        return self._native.memory()

    def release(self):
        """Hands the executable graph away as a cudaGraphExec_t (an int) for another owner
        (a framework, another thread) to launch and to destroy with cudaGraphExecDestroy;
        this instance is closed afterwards. What the exec uses (graphc's buffers, modules,
        library handles and workspaces) stays alive until CUDA destroys it: a CUDA user
        object the exec holds keeps it (graphc::Instance::release). The arrays bound to it
        are the caller's to keep alive as long as the exec. A variant's instance is its
        VariantInstances': VariantInstances.release(value) hands it away (graphc.Error here)."""
        exec_handle = self._native.release()
        self._arrays = {}
        return exec_handle

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


def native_bindings(buffers, captures, bindings, device):
    """What the native instantiate takes of Program.instantiate's arguments: the arrays by
    name (which the instance keeps alive), their views, the wrapped capture functions, and
    the device (None: PyTorch's current one when torch is imported, else -1, the current)."""
    arrays, captures = merged(bindings, buffers, captures)
    views = [(name, view_of(name, array)) for name, array in arrays.items()]
    functions = [(name, _capture.wrap(function)) for name, function in captures.items()]
    if device is None:
        device = -1
        torch = sys.modules.get("torch")
        if torch is not None and torch.cuda.is_available():
            device = torch.cuda.current_device()
    return arrays, views, functions, device


def instantiate(program, graph, buffers=None, stream=None, device=None, captures=None, bindings=None):
    """Program.instantiate: see its docstring."""
    arrays, views, functions, device = native_bindings(buffers, captures, bindings, device)
    native = _graphc._instantiate(program, graph, views, functions, device, stream_handle(stream))
    return Instance(program, graph, native, arrays, _graphc._buffers(program, graph))
