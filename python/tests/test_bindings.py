"""graphc.Bindings without a GPU: chained buffer() and capture() calls, a name bound twice or
given both in bindings= and beside it refused, a function that is not callable refused, and
the arrays it binds checked at instantiate as buffers= checks them (before any CUDA call)."""
import numpy
import pytest

import graphc

TEXT = """graph g {
    buffer x : f32[4] device;
    memset zero : x = 0;
}
"""


def test_calls_chain_and_gather_by_name():
    fn = lambda stream: None  # noqa: E731
    x = numpy.zeros(4, numpy.float32)
    bindings = graphc.Bindings().buffer("x", x).capture("attention", fn)
    assert bindings.buffers == {"x": x}
    assert bindings.captures == {"attention": fn}
    assert repr(bindings) == "graphc.Bindings(buffers=['x'], captures=['attention'])"


def test_a_name_bound_twice_is_refused():
    bindings = graphc.Bindings().buffer("x", numpy.zeros(4, numpy.float32))
    with pytest.raises(ValueError, match="buffer 'x' is bound twice"):
        bindings.buffer("x", numpy.zeros(4, numpy.float32))
    bindings.capture("f", print)
    with pytest.raises(ValueError, match="capture function 'f' is bound twice"):
        bindings.capture("f", print)


def test_a_capture_function_must_be_callable():
    with pytest.raises(TypeError, match="capture function 'f' must be callable, not int"):
        graphc.Bindings().capture("f", 3)
    with pytest.raises(TypeError, match="name must be a str, not int"):
        graphc.Bindings().buffer(1, numpy.zeros(4, numpy.float32))


def test_instantiate_checks_what_bindings_bind():
    program = graphc.Program.from_text("g.graph", TEXT)
    bindings = graphc.Bindings().buffer("x", numpy.zeros(4, numpy.float16))
    with pytest.raises(graphc.Error) as raised:
        program.instantiate("g", bindings=bindings)
    assert raised.value.code == "R0076" and "holds '<f2', not f32 ('<f4')" in str(raised.value)


def test_a_name_both_in_bindings_and_beside_them_is_refused():
    program = graphc.Program.from_text("g.graph", TEXT)
    x = numpy.zeros(4, numpy.float32)
    with pytest.raises(ValueError, match="buffer 'x' is bound twice"):
        program.instantiate("g", {"x": x}, bindings=graphc.Bindings().buffer("x", x))
    with pytest.raises(TypeError, match="bindings must be a graphc.Bindings, not dict"):
        program.instantiate("g", bindings={"x": x})
