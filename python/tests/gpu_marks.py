"""The skip marks of the Python module's GPU tests, each saying why: no CUDA device here, or
no PyTorch in this Python. `torch` is the module, or None."""
import pytest

import graphc

try:
    import torch
except ImportError:
    torch = None

NEEDS_GPU = pytest.mark.skipif(graphc._graphc._device_count() == 0,
                               reason="no CUDA device: the GPU tests of the Python module skip")
NEEDS_TORCH = pytest.mark.skipif(torch is None, reason="no PyTorch: the tests with PyTorch skip")
