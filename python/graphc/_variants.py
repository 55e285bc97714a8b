"""graphc.Variants and graphc.VariantInstances: a file with a variant dimension (`variant B in
{1, 2, 4, 8};`) loaded once per value, and one graph's instances over one set of buffers,
each built on first use, a launch of n items taking the smallest variant that holds them
(graphc/variants.h). What a serving stack builds by capturing a graph per batch size."""

from . import _graphc
from ._instance import Instance, native_bindings
from ._streams import stream_handle


class Variants:
    """A file loaded once per value of its variant dimension (graphc::Variants). Made by
    graphc.load_variants. Not thread-safe: one thread at a time."""

    def __init__(self, native):
        self._native = native

    @property
    def dimension(self):
        """The dimension's name, as declared ("B")."""
        return self._native.dimension

    @property
    def values(self):
        """Its values, ascending."""
        return list(self._native.values)

    def holding(self, n):
        """The smallest value that holds n items (n <= value): the variant a launch of n
        takes. graphc.Error R0078 past the largest value or below 1."""
        return self._native.holding(n)

    def program(self, value):
        """The graphc.Program of `value` (R0079 for a value the dimension does not take)."""
        return self._native.program(value)

    def instantiate(self, graph, buffers=None, device=None, captures=None, bindings=None):
        """Instances of top-level graph `graph`, one per value, none built yet
        (graphc::Variants::instantiate): the buffers of the largest variant that `buffers`
        leaves unbound are allocated now, once, at their largest size, and every variant is
        built over them. `buffers`, `captures`, `bindings` and `device` are
        Program.instantiate's, checked against the largest variant's declarations; the
        arrays live as long as the instances. Returns a graphc.VariantInstances."""
        arrays, views, functions, device = native_bindings(buffers, captures, bindings, device)
        native = _graphc._instantiate_variants(self._native, graph, views, functions, device)
        return VariantInstances(self, graph, native, arrays)

    def __repr__(self):
        return f"<graphc.Variants {self.dimension} in {{{', '.join(map(str, self.values))}}}>"


class VariantInstances:
    """One graph's instances, one per value of the variant dimension, over shared buffers
    (graphc::VariantInstances). Variants share their buffers and library workspaces, so they
    must not run at the same time. Not thread-safe: one thread at a time."""

    def __init__(self, variants, graph, native, arrays):
        self._variants = variants
        self.graph = graph
        self._native = native
        self._arrays = arrays

    def variant(self, value, stream=None):
        """The graphc.Instance of `value`, built (and uploaded on `stream`) on its first use.
        It borrows the variant: close() on it lets it go, the variant stays built. R0079 for
        a value the dimension does not take."""
        native = self._native.variant(value, stream_handle(stream))
        program = self._variants.program(value)
        return Instance(program, self.graph, native, self._arrays, _graphc._buffers(program, self.graph))

    def holding(self, n, stream=None):
        """The instance of the smallest variant that holds n items, built on first use. The
        caller pads its inputs to that variant's size. R0078 past the largest value."""
        return self.variant(self._variants.holding(n), stream)

    def launch(self, n, stream=None):
        """Launches the variant that holds n items (cudaGraphLaunch), building it first if
        it is not yet. Returns at once; the GIL is released while CUDA is called."""
        self._native.launch(n, stream_handle(stream))

    def instantiate(self, values, stream=None):
        """Builds now each of `values` not yet built (eager instantiation)."""
        self._native.instantiate([int(v) for v in values], stream_handle(stream))

    def instantiate_all(self, stream=None):
        """Builds every variant not yet built."""
        self.instantiate(self._variants.values, stream)

    @property
    def instantiated(self):
        """The values whose instances are built, ascending."""
        return list(self._native.instantiated())

    def release(self, value, stream=None):
        """Hands variant `value`'s executable graph away as a cudaGraphExec_t (an int), built
        first (on `stream`) if it is not yet, for another owner to launch and to destroy with
        cudaGraphExecDestroy (graphc::VariantInstances::release). What it uses (the shared
        buffers, the capture nodes' workspaces, the modules) stays alive until CUDA destroys
        it, after this object and its Variants are gone; it still shares them with the other
        variants, so it must not run while one of them does. The graphc.Instance objects that
        borrowed the variant raise graphc.Error from then on; the variant is built anew on its
        next use. The arrays bound are the caller's to keep alive as long as the exec."""
        return self._native.release(value, stream_handle(stream))

    def buffer_bytes(self, name):
        """Buffer `name`'s size in bytes: its size in the largest variant, or the bound size;
        0 for a name that is no buffer of the largest variant's graph."""
        return self._native.buffer_bytes(name)

    def memory(self):
        """What the variants hold together, in bytes, as a graphc.MemoryUse: the shared
        buffers and the capture nodes' workspaces once, and the graph memory of every variant
        built so far (graphc::VariantInstances::memory)."""
        return self._native.memory()

    def __repr__(self):
        return f"<graphc.VariantInstances of graph {self.graph!r}, built: {self.instantiated}>"
