"""graphc.check: diagnostics as objects, for files and for text, text and YAML."""
import os
import pathlib

import graphc

SOURCE = pathlib.Path(os.environ["GRAPHC_SOURCE_DIR"])

TYPO = """graph g {
    buffer x : f32[4] device;
    memset zero : x = 0;
    memset again : x = 0;
    zero -> agian;
}
"""


def test_clean_file_has_no_diagnostics():
    assert graphc.check(SOURCE / "samples" / "diamond" / "diamond.graph") == []


def test_cu_module_read_after_numpy():
    # Reading a .cu module (its #include lines) once crashed in std::regex in a process that
    # had imported NumPy 2 first (the device machine's); graphc no longer uses std::regex.
    import numpy  # noqa: F401
    assert graphc.check(SOURCE / "samples" / "tp_decode" / "tp_decode.graph", world_size=2) == []


def test_unknown_node_in_text():
    diagnostics = graphc.check(TYPO, name="typo.graph")
    assert [d.code for d in diagnostics] == ["E0102"]
    d = diagnostics[0]
    assert d.severity == "error"
    assert (d.file, d.line, d.column) == ("typo.graph", 5, 13)
    assert (d.end_line, d.end_column) == (5, 17)
    assert d.message == "unknown node 'agian'"
    assert [(n.file, n.line, n.column, n.message) for n in d.notes] == [
        ("typo.graph", 4, 12, "did you mean 'again'?")]
    assert str(d).startswith("typo.graph:5:13: error[E0102]: unknown node 'agian'\n")
    assert "^~~~~" in d.text
    assert "E0102" in repr(d) and "typo.graph:5:13" in repr(d)


def test_text_without_name_is_named_text():
    (d,) = graphc.check(TYPO)
    assert d.file == "<text>.graph"


def test_yaml_text_by_name():
    text = "graphs:\n  - name: g\n    nodes:\n      - {kind: kernel, name: k, kernel: f, grid: 1, block: 1}\n"
    codes = [d.code for d in graphc.check(text, name="g.yaml")]
    assert codes and all(c.startswith("E") for c in codes)


def test_unreadable_file_is_e0002_without_place(tmp_path):
    (d,) = graphc.check(tmp_path / "missing.graph")
    assert d.code == "E0002"
    assert d.file is None and d.line == 0
    assert "missing.graph" in d.message


def test_world_size_and_defines(tmp_path):
    path = tmp_path / "per_rank.graph"
    path.write_text("""graph g {
    const N = 8;
    comm tp;
    buffer x : f32[N / world_size(tp)] device;
    collective sum : nccl.all_reduce<sum>(tp, x, x);
}
""")
    assert [d.code for d in graphc.check(path)] == ["E1109"]
    assert graphc.check(path, world_size=2) == []
    assert graphc.check(path, world_sizes={"tp": 4}, defines={"N": 16}) == []
    assert [d.code for d in graphc.check(path, world_size=2, defines={"M": 1})] == ["E0121"]


def test_warning_and_werror():
    text = """graph g {
    buffer x : f32[4] device;
    memset a : x = 0;
    memset b : x = 1;
}
"""
    (d,) = graphc.check(text, name="race.graph")
    assert (d.code, d.severity) == ("W0303", "warning")
    (e,) = graphc.check(text, name="race.graph", races_are_errors=True)
    assert (e.code, e.severity) == ("W0303", "error")


def test_bad_define_type():
    try:
        graphc.check(TYPO, defines={"N": [1]})
    except TypeError as e:
        assert "defines['N']" in str(e)
    else:
        raise AssertionError("no TypeError")
