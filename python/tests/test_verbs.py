"""graphc.fmt, graphc.convert and graphc.dot: the text `graphc fmt`, `graphc convert` and
`graphc dot` print, byte for byte, and their errors as graphc.Error."""
import os
import pathlib
import subprocess

import pytest

import graphc

SOURCE = pathlib.Path(os.environ["GRAPHC_SOURCE_DIR"])
DIAMOND = "samples/diamond/diamond.graph"


def cli(*args):
    return subprocess.run([os.environ["GRAPHC_CLI"], *args], check=True, capture_output=True, text=True).stdout


@pytest.fixture(autouse=True)
def in_source(monkeypatch):
    monkeypatch.chdir(SOURCE)  # the outputs name files as given, relative here


def test_fmt_as_the_cli():
    assert graphc.fmt(DIAMOND) == cli("fmt", DIAMOND)
    messy = "graph g {\n  buffer x : f32[4] device;\n    memset   zero : x = 0;\n}\n"
    assert graphc.fmt(messy) == "graph g {\n    buffer x    : f32[4] device;\n    memset zero : x = 0;\n}\n"


def test_fmt_of_text_that_does_not_parse():
    with pytest.raises(graphc.Error) as caught:
        graphc.fmt("graph g {\n    buffer x f32[4];\n}\n", name="bad.graph")
    assert caught.value.diagnostics[0].file == "bad.graph" and caught.value.diagnostics[0].line == 2


def test_fmt_refuses_yaml():
    with pytest.raises(ValueError, match="graphc.convert"):
        graphc.fmt("samples/diamond/diamond.yaml")


@pytest.mark.parametrize("path", [DIAMOND, "samples/diamond/diamond.yaml"])
def test_convert_as_the_cli(path):
    assert graphc.convert(path) == cli("convert", path)


def test_convert_names_its_form():
    assert graphc.convert(DIAMOND, to="yaml") == graphc.convert(DIAMOND)
    assert graphc.convert("samples/diamond/diamond.yaml", to="graph") == cli("convert", "samples/diamond/diamond.yaml")
    with pytest.raises(ValueError, match="'yaml' or 'graph'"):
        graphc.convert(DIAMOND, to="json")


def test_dot_as_the_cli():
    assert graphc.dot(DIAMOND) == cli("dot", DIAMOND)
    with pytest.raises(graphc.Error) as caught:
        graphc.dot(DIAMOND, graph="nope")
    assert caught.value.code == "R0013"


def test_dot_of_one_graph_as_the_cli():
    name = graphc.load(DIAMOND).graphs[0]
    assert graphc.dot(DIAMOND, graph=name) == cli("dot", DIAMOND, "--graph", name)
