"""graphc.load and graphc.Program.from_text: programs, and graphc.Error with its fields."""
import os
import pathlib

import pytest

import graphc

SOURCE = pathlib.Path(os.environ["GRAPHC_SOURCE_DIR"])


def test_load_sample():
    program = graphc.load(SOURCE / "samples" / "diamond" / "diamond.graph")
    assert program.graphs == ["diamond"]
    assert program.warnings == []


def test_from_text_graphs_and_warnings():
    program = graphc.Program.from_text("two.graph", """graph a {
    buffer x : f32[4] device;
    memset m : x = 0;
    memset n : x = 1;
}
graph b {
    buffer y : f32[4] device;
    memset m : y = 0;
}
""")
    assert program.graphs == ["a", "b"]
    assert [w.code for w in program.warnings] == ["W0303"]


def test_error_carries_diagnostics():
    with pytest.raises(graphc.Error) as caught:
        graphc.Program.from_text("bad.graph", "graph g {\n    a -> b;\n}\n")
    e = caught.value
    assert e.code == "E0102"
    assert (e.file, e.line, e.column) == ("bad.graph", 2, 5)
    assert e.message == "unknown node 'a'"
    assert [d.code for d in e.diagnostics] == ["E0102", "E0102"]
    # The text is the CLI's: every diagnostic rendered, then the summary.
    assert str(e) == "".join(d.text for d in e.diagnostics) + "2 errors\n"


def test_missing_file_raises_e0002(tmp_path):
    with pytest.raises(graphc.Error) as caught:
        graphc.load(tmp_path / "none.graph")
    assert caught.value.code == "E0002"
    assert caught.value.file is None


def test_warnings_as_errors_raise():
    text = "graph g {\n    buffer x : f32[4] device;\n    memset a : x = 0;\n    memset b : x = 1;\n}\n"
    assert [w.code for w in graphc.from_text("w.graph", text).warnings] == ["W0303"]
    with pytest.raises(graphc.Error) as caught:
        graphc.from_text("w.graph", text, warnings_are_errors=True)
    assert caught.value.code == "W0303"


def test_error_is_an_exception_with_defaults():
    e = graphc.Error("plain")
    assert isinstance(e, Exception)
    assert (str(e), e.code, e.diagnostics, e.file, e.line) == ("plain", "", [], None, 0)


def test_variant_options():
    """variant= picks a value of the file's variant dimension, variants= makes a const one."""
    declared = "graph g {\n    variant B in {1, 2, 4};\n    buffer x : f32[B * 4] device;\n}\n"
    assert [d.code for d in graphc.check(declared, name="v.graph", variant=3)] == ["E0123"]
    assert graphc.check(declared, name="v.graph", variant=2) == []
    plain = "graph g {\n    const B = 4;\n    buffer x : f32[B * 4] device;\n}\n"
    assert [d.code for d in graphc.check(plain, name="c.graph", variants={"B": [1, 2]}, variant=8)] == ["E0123"]
    assert [d.code for d in graphc.check(plain, name="c.graph", variants={"Q": [1]})] == ["E0127"]
    assert graphc.check(plain, name="c.graph", variants={"B": [1, 2]}) == []


def test_tune_matmuls_option():
    """tune_matmuls= reaches graphc::LoadOptions; the timing itself happens at instantiate, on a GPU
    (matmul_gpu_test)."""
    options = graphc.LoadOptions()
    assert options.tune_matmuls is False
    options.tune_matmuls = True
    assert options.tune_matmuls is True
    program = graphc.load(SOURCE / "samples" / "diamond" / "diamond.graph", tune_matmuls=True)
    assert program.graphs == ["diamond"]


def test_check_reports_each_variant(tmp_path):
    """A file's check covers every variant: an error only some make carries a note naming them."""
    path = tmp_path / "v.graph"
    path.write_text("graph g {\n    variant B in {2, 4};\n    buffer x : f32[B * 4] device;\n"
                    "    buffer y : f32[16] device;\n    copy c : y <- x[0:B * 4];\n}\n")
    diagnostics = graphc.check(path)
    assert [d.code for d in diagnostics] == ["E0206"]
    assert diagnostics[0].notes[-1].message == "in variant B = 2 (of {2, 4})"
    assert diagnostics[0].text.endswith("note: in variant B = 2 (of {2, 4})\n")
