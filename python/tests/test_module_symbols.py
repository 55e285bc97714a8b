"""The compiled module exports Python's entry point alone (src/exports.map), so that none of
its symbols takes the place of another extension's: with the C++ library's symbols exported,
`import graphc` before `import torch` made PyTorch's import abort (free(): invalid pointer)."""
import shutil
import subprocess
import sys

import pytest

import graphc
from gpu_marks import NEEDS_TORCH


@pytest.mark.skipif(shutil.which("nm") is None, reason="no nm (binutils) to list the module's symbols")
def test_the_module_exports_its_entry_point_alone():
    listing = subprocess.run(["nm", "-D", "--defined-only", graphc._graphc.__file__], capture_output=True,
                             text=True, check=True).stdout
    exported = {line.split()[-1] for line in listing.splitlines() if line.strip()}
    # What a sanitizer's instrumentation adds to every module is its own, not ours.
    ours = {name for name in exported if not name.startswith(("__asan", "__ubsan", "__sanitizer", "__odr_asan"))}
    assert ours == {"PyInit__graphc"}


@NEEDS_TORCH
def test_torch_imports_after_graphc():
    imported = subprocess.run([sys.executable, "-c", "import graphc\nimport torch\nprint(torch.ones(2).sum().item())"],
                              capture_output=True, text=True, check=False)
    assert imported.returncode == 0, imported.stderr[-2000:]
    assert imported.stdout.strip() == "2.0"
