"""graphc.Bindings: what an instance binds, gathered before Program.instantiate, as
graphc::Bindings gathers it in C++ (bindings.buffer(name, array), bindings.capture(name, fn))."""


class Bindings:
    """The arrays and capture functions one instance binds, by name.

    Each method returns the Bindings, so calls chain:
    `graphc.Bindings().buffer("x", x).capture("attention", fn)`. Give it to
    `program.instantiate(graph, bindings=...)`, alone or beside `buffers=` and `captures=`;
    a name bound twice raises ValueError.
    """

    def __init__(self):
        self.buffers = {}
        self.captures = {}

    def buffer(self, name, array):
        """Binds buffer `name` to `array`, memory the caller owns (as `buffers=` of
        Program.instantiate takes it: __dlpack__, __cuda_array_interface__ or
        __array_interface__, checked against the declaration at instantiate: R0076, R0077).
        Raises ValueError for a buffer bound already."""
        _add(self.buffers, "buffer", name, array)
        return self

    def capture(self, name, fn):
        """Binds the capture nodes' function `name` (`capture n : name(args);`) to `fn`,
        called as fn(stream, *args) while the graph is built (as `captures=` of
        Program.instantiate takes it). Raises TypeError when fn is not callable, ValueError
        for a function bound already."""
        if not callable(fn):
            raise TypeError(f"capture function {name!r} must be callable, not {type(fn).__name__}")
        _add(self.captures, "capture function", name, fn)
        return self

    def __repr__(self):
        return f"graphc.Bindings(buffers={sorted(self.buffers)}, captures={sorted(self.captures)})"


def _add(table, what, name, value):
    if not isinstance(name, str):
        raise TypeError(f"a {what}'s name must be a str, not {type(name).__name__}")
    if name in table:
        raise ValueError(f"{what} {name!r} is bound twice")
    table[name] = value


def merged(bindings, buffers, captures):
    """The buffers and captures of `bindings` (a Bindings or None) and of the dicts given
    beside it, as two dicts; a name in both raises ValueError."""
    if bindings is not None and not isinstance(bindings, Bindings):
        raise TypeError(f"bindings must be a graphc.Bindings, not {type(bindings).__name__}")
    every = Bindings() if bindings is None else bindings
    all_buffers = dict(every.buffers)
    all_captures = dict(every.captures)
    for name, array in (buffers or {}).items():
        _add(all_buffers, "buffer", name, array)
    for name, fn in (captures or {}).items():
        _add(all_captures, "capture function", name, fn)
    return all_buffers, all_captures
