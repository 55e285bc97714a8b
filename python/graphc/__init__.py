"""graphc from Python: check and load CUDA graph descriptions (.graph text or YAML).

    import graphc
    for d in graphc.check("model.graph", world_size=2):
        print(d.code, d.file, d.line, d.message)
    program = graphc.load("model.graph", defines={"B": 8})

Bad input never crashes: graphc.check returns the diagnostics as graphc.Diagnostic
objects, and graphc.load raises graphc.Error carrying them. docs/python.md has the whole
API with examples.
"""

import os
import pathlib

from . import _instance
from ._arrays import BufferArray
from ._bindings import Bindings
from ._error import Error
from ._capture import CaptureStream
from ._graphc import (BufferDecl, Diagnostic, DiagnosticNote, GraphMemoryPool, LoadOptions, MemoryUse, NodeRun,
                      Profile, Program, _buffers, _check_file, _check_text, _convert, _dot, _emit_cpp, _format_text,
                      graph_memory_pool, handed_off_execs, trim_graph_memory)
from ._instance import Instance, ReloadResult
from ._variants import VariantInstances, Variants

__all__ = ["Bindings", "BufferArray", "BufferDecl", "CaptureStream", "Diagnostic", "DiagnosticNote", "Error",
           "GraphMemoryPool", "Instance", "LoadOptions", "MemoryUse", "NodeRun", "Profile", "Program", "ReloadResult",
           "VariantInstances", "Variants", "check", "compile", "convert", "dot", "fmt", "graph_memory_pool",
           "handed_off_execs", "load", "load_variants", "from_text", "trim_graph_memory"]


def _literal(name, value):
    """A -D value as the number literal graphc reads ("8", "0.5")."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise TypeError(f"defines[{name!r}] must be an int, a float or a number literal string, not "
                        f"{type(value).__name__}")
    return value if isinstance(value, str) else repr(value)


def _options(optimize=True, races_are_errors=False, warnings_are_errors=False, possible_races=True, world_size=0,
             world_sizes=None, defines=None, variant=None, variants=None, tune_matmuls=False):
    options = LoadOptions()
    options.optimize = optimize
    options.races_are_errors = races_are_errors
    options.warnings_are_errors = warnings_are_errors
    options.possible_races = possible_races
    options.world_size = world_size
    options.world_sizes = dict(world_sizes or {})
    options.defines = {name: _literal(name, value) for name, value in (defines or {}).items()}
    options.variant = variant
    options.tune_matmuls = tune_matmuls
    if variants is not None:
        if len(variants) != 1:
            raise TypeError("variants: one const and its values, as {'B': [1, 2, 4, 8]}")
        ((name, values),) = dict(variants).items()
        options.variants = (name, [int(v) for v in values])
    return options


def check(source, *, name=None, **options):
    """Validates a graph file as `graphc check` does and returns its diagnostics.

    Args:
        source: a path (str or os.PathLike) to a .graph, .yaml or .yml file; or the file's
            text itself, when it is a str holding a newline or when `name` is given.
        name: the path the text is reported under (its extension picks the front end:
            .yaml or .yml the YAML form); default "<text>.graph". Modules a text names are
            not read, nor kernel nodes checked against them.
        **options: as graphc.load: optimize, races_are_errors (-Werror=race),
            warnings_are_errors (-Werror), possible_races, world_size (int, every
            communicator's size), world_sizes ({comm: int}), defines ({const: int, float
            or literal}, -D).

    Returns:
        list of graphc.Diagnostic, errors and warnings in the order `graphc check` prints
        them; empty for a clean file. Raises nothing for bad input (a file that cannot be
        read is an E0002 diagnostic); TypeError for options of the wrong type.
    """
    opts = _options(**options)
    if isinstance(source, os.PathLike) or (name is None and "\n" not in source):
        return _check_file(os.fspath(source), opts)
    return _check_text(name or "<text>.graph", source, opts)


def load(path, **options):
    """Loads and validates a .graph or .yaml file (graphc::Program::load). Needs no GPU.

    Args:
        path: str or os.PathLike.
        **options: optimize (bool, default True: graphc's -O1), races_are_errors (bool),
            warnings_are_errors (bool), possible_races (bool, default True), world_size
            (int, 0: unknown), world_sizes (dict str -> int), defines (dict str -> int,
            float or number literal str), variant (int: the value of the file's variant
            dimension to load, `graphc --variant`; the largest by default), variants ({const:
            [values]}: a const made the variant dimension, `graphc --variants B=1,2,4`),
            tune_matmuls (bool: each cuBLASLt matmul's algorithm the fastest of the
            heuristic's candidates, timed on the GPU at instantiate; `graphc --tune-matmuls`).

    Returns:
        graphc.Program; its warnings as program.warnings.

    Raises:
        graphc.Error: the file does not validate (error.diagnostics holds every diagnostic)
            or cannot be read (E0002).
    """
    return Program._load(os.fspath(path), _options(**options))


def load_variants(path, **options):
    """Loads a file with a variant dimension once per value of it (graphc::Variants::load),
    each as graphc.load with the value defined. Needs no GPU.

    Args:
        path: str or os.PathLike.
        **options: graphc.load's; `variants` ({const: [values]}) makes a const the dimension
            (`graphc --variants B=1,2,4`). `variant` and a define of the dimension's name pick
            one value: graphc.load them instead (R0080).

    Returns:
        graphc.Variants: dimension, values, holding(n), program(value), instantiate(graph).

    Raises:
        graphc.Error: a variant's diagnostics, each error with a note naming the variant; R0080
            when the file declares no variant dimension.
    """
    return Variants(_graphc._Variants._load(os.fspath(path), _options(**options)))


def from_text(path, text, **options):
    """graphc.load for text held in memory, reported under `path` (whose extension picks
    the front end; modules resolve relative to its folder)."""
    return Program._from_text(os.fspath(path), text, _options(**options))


def compile(path, out_dir=".", *, line_directives=True, **options):
    """Generates the C++ that builds the file's graphs, as `graphc compile FILE -o OUT_DIR`
    does: NAME.graph.h and NAME.graph.cu in `out_dir` (created if missing), each written only
    when its text changed, so a build that depends on them does not rebuild for nothing.

    Args:
        path: the .graph or .yaml file (str or os.PathLike); the generated code names it as
            given.
        out_dir: the folder to write into.
        line_directives: #line directives that point the C++ compiler's messages at the
            file's lines (`--no-line-directives` is False).
        **options: as graphc.load (world_size, defines, ...).

    Returns:
        [header path, source path], pathlib.Path objects.

    Raises:
        graphc.Error: the file does not validate, or holds what the C++ back end cannot
            write (E0803, E0805, ...): nothing is written then.
    """
    header_name, header, source_name, source = _emit_cpp(os.fspath(path), _options(**options), line_directives)
    folder = pathlib.Path(out_dir)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in ((header_name, header), (source_name, source)):
        target = folder / name
        if not target.exists() or target.read_text() != text:
            target.write_text(text)
        written.append(target)
    return written


def fmt(source, *, name=None):
    """Lays a .graph file out as `graphc fmt` prints it (comments kept) and returns the text.

    Args:
        source: a path (str or os.PathLike), or the text itself (a str holding a newline,
            or with `name`, the path it is reported under).

    Raises:
        graphc.Error: the text does not parse (only parse errors: fmt lays out what parses).
        OSError: the file cannot be read. ValueError for a YAML path (graphc convert writes
        YAML's canonical form).
    """
    if isinstance(source, os.PathLike) or (name is None and "\n" not in source):
        path = os.fspath(source)
        if path.endswith((".yaml", ".yml")):
            raise ValueError(f"{path}: graphc fmt lays out .graph text; for YAML, graphc.convert writes the canonical "
                             "form")
        return _format_text(path, pathlib.Path(path).read_text())
    return _format_text(name or "<text>.graph", source)


def convert(path, to=None, **options):
    """The file's graphs in the other form, as `graphc convert FILE` prints them: YAML for a
    .graph file, .graph text for a .yaml or .yml one (`to`: "yaml" or "graph" to say which).
    Unoptimised (every edge the file says is kept), modules not read. Module and import
    paths stay as the file writes them, relative to its folder.

    Raises graphc.Error for a file with errors; ValueError for another `to`."""
    path = os.fspath(path)
    if to is None:
        to_yaml = not path.endswith((".yaml", ".yml"))
    elif to in ("yaml", "graph"):
        to_yaml = to == "yaml"
    else:
        raise ValueError(f"to={to!r}: 'yaml' or 'graph'")
    return _convert(path, _options(**options), to_yaml)


def dot(path, graph=None, **options):
    """The file's graphs as Graphviz DOT, as `graphc dot FILE [--graph NAME]` prints them: a
    digraph each, or only graph `graph`'s (R0013 when the file has none of that name).
    **options as graphc.load. Raises graphc.Error for a file with errors."""
    return _dot(os.fspath(path), _options(**options), graph)


def _program_buffers(self, graph):
    """The buffers graph `graph` declares, in order, as graphc.BufferDecl: name, dtype,
    shape (elements), space, device, whether it can be bound, its declaration's place.
    R0013 for an unknown graph."""
    return _buffers(self, graph)


def _program_instantiate(self, graph, buffers=None, stream=None, device=None, captures=None, bindings=None):
    """Builds and instantiates graph `graph` (graphc::Program::instantiate) and returns a
    graphc.Instance.

    Args:
        graph: the graph's name.
        buffers: {buffer name: array}: memory the caller owns for those buffers, each an
            object with __dlpack__ (a torch tensor, bf16 included; a CuPy, JAX or NumPy
            array), __cuda_array_interface__ (numba) or __array_interface__ (NumPy, for
            host and pageable buffers): its element type must be the buffer's (a vector type's lanes as elements: a
            float4[N] buffer takes N * 4 float32), its element count the declared one, its
            layout dense in C order (R0076), and its memory of the buffer's space, on the
            graph's device (R0077); each error names the buffer at its declaration. The
            instance keeps the arrays alive. Buffers not given are allocated by graphc.
        stream: where the build's upload runs (as Instance.launch takes it).
        captures: {function name: callable}: the functions of the graph's capture nodes
            (`capture n : name(args);`), called while the graph is built, and again when
            Instance.set changes a param among a node's arguments, as fn(stream, *args):
            stream the capturing stream (a torch.cuda.ExternalStream when torch is imported,
            else a graphc.CaptureStream), each buffer argument a graphc.BufferArray from the
            node's address to the buffer's end (torch.as_tensor(a, device="cuda")), each
            value a number. Run the work on that stream (`with torch.cuda.stream(stream):`);
            what PyTorch allocates meanwhile comes from a pool the instance keeps. A function
            that raises, synchronizes or leaves work on another stream unjoined is R0041
            naming the node, with Python's message.
        device: the CUDA device to build on; None: PyTorch's current device when torch is
            imported, else the current one.
        bindings: a graphc.Bindings (bindings.buffer(name, array), bindings.capture(name,
            fn)): more of the same, gathered beforehand; a name also in buffers or captures
            raises ValueError.

    Raises graphc.Error: R0076, R0077, and what graphc::Program::instantiate throws (R0010
    for a buffer the graph does not declare, R0001 for a failed CUDA call naming the
    node, ...). The GIL is released while the graph is built.
    """
    return _instance.instantiate(self, graph, buffers, stream, device, captures, bindings)


Program.load = staticmethod(load)
Program.from_text = staticmethod(from_text)
Program.buffers = _program_buffers
Program.instantiate = _program_instantiate
