"""graphc.compile: the same two files as `graphc compile`, written only when they change, and
nothing written for a file with errors."""
import os
import pathlib
import subprocess

import pytest

import graphc

SOURCE = pathlib.Path(os.environ["GRAPHC_SOURCE_DIR"])


@pytest.mark.parametrize("args", [{}, {"line_directives": False}])
def test_same_files_as_the_cli(tmp_path, args, monkeypatch):
    monkeypatch.chdir(SOURCE)  # the files name the input as given, relative here
    path = "samples/diamond/diamond.graph"
    header, source = graphc.compile(path, tmp_path / "py", **args)
    assert (header.name, source.name) == ("diamond.graph.h", "diamond.graph.cu")
    cli = [os.environ["GRAPHC_CLI"], "compile", path, "-o", str(tmp_path / "cli")]
    if not args.get("line_directives", True):
        cli.append("--no-line-directives")
    subprocess.run(cli, check=True)
    for name in (header.name, source.name):
        assert (tmp_path / "py" / name).read_text() == (tmp_path / "cli" / name).read_text()
    assert ("#line" in header.read_text() + source.read_text()) == args.get("line_directives", True)


def test_unchanged_files_are_not_rewritten(tmp_path):
    header, source = graphc.compile(SOURCE / "samples" / "diamond" / "diamond.graph", tmp_path)
    os.utime(header, (1, 1))
    graphc.compile(SOURCE / "samples" / "diamond" / "diamond.graph", tmp_path)
    assert header.stat().st_mtime == 1


def test_errors_write_nothing(tmp_path):
    bad = tmp_path / "bad.graph"
    bad.write_text("graph g {\n    a -> b;\n}\n")
    with pytest.raises(graphc.Error) as caught:
        graphc.compile(bad, tmp_path / "out")
    assert caught.value.code == "E0102" and len(caught.value.diagnostics) == 2
    assert not (tmp_path / "out").exists()


def test_defines_reach_the_code(tmp_path):
    header, _ = graphc.compile(SOURCE / "samples" / "tp_decode" / "tp_decode.graph", tmp_path, world_size=2,
                               defines={"B": 8})
    assert "inline constexpr std::size_t h_out_count = 32768;" in header.read_text()  # B * D = 8 * 4096
