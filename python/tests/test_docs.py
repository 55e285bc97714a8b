"""docs/python.md's examples: every ```python block runs, from the source folder."""
import os
import pathlib
import re

import pytest

SOURCE = pathlib.Path(os.environ["GRAPHC_SOURCE_DIR"])
BLOCKS = re.findall(r"^```python\n(.*?)^```", (SOURCE / "docs" / "python.md").read_text(), re.M | re.S)


def test_the_page_has_examples():
    assert len(BLOCKS) >= 3


@pytest.mark.parametrize("block", range(len(BLOCKS)))
def test_example_runs(block, monkeypatch):
    monkeypatch.chdir(SOURCE)
    exec(compile(BLOCKS[block], f"docs/python.md example {block + 1}", "exec"), {})
