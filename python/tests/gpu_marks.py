"""The skip marks of the Python module's GPU tests, each saying why: no CUDA device here, or
no PyTorch in this Python (`torch` is the module, or None); and growth(), the leak tests'
measure."""
import gc

import pytest

import graphc

try:
    import torch
except ImportError:
    torch = None

NEEDS_GPU = pytest.mark.skipif(graphc._graphc._device_count() == 0,
                               reason="no CUDA device: the GPU tests of the Python module skip")
NEEDS_TORCH = pytest.mark.skipif(torch is None, reason="no PyTorch: the tests with PyTorch skip")


def growth(step, times):
    """What `times` calls of step() leave behind, after 20 calls that fill caches and load
    modules: (device memory in bytes, Python objects), each measured after gc.collect()."""
    for _ in range(20):
        step()
    gc.collect()
    memory, objects = graphc._graphc._device_memory_used(), len(gc.get_objects())
    for _ in range(times):
        step()
    gc.collect()
    return graphc._graphc._device_memory_used() - memory, len(gc.get_objects()) - objects
