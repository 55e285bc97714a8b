"""The CUDA stream a launch goes to, from the stream objects Python's GPU libraries have."""
import sys


def _torch_current_stream(torch):
    """PyTorch's current stream of its current device, as an int: through the raw calls
    PyTorch's own kernels libraries use (Triton's), about 6 us cheaper than building a
    torch.cuda.Stream object; through torch.cuda.current_stream() where they are missing."""
    raw, device = getattr(torch._C, "_cuda_getCurrentRawStream", None), getattr(torch._C, "_cuda_getDevice", None)
    if raw is not None and device is not None:
        return raw(device())
    return torch.cuda.current_stream().cuda_stream


def stream_handle(stream):
    """The cudaStream_t of `stream`, as an int.

    None: PyTorch's current stream of its current device when torch is imported (so that a
    launch is ordered with the torch work around it), else 0, the legacy default stream.
    An int is a cudaStream_t already. An object with __cuda_stream__ (the CUDA stream
    protocol: a (version, handle) pair, cuda.core's streams), with .cuda_stream
    (torch.cuda.Stream) or with .ptr (cupy.cuda.Stream) gives its handle.

    Raises TypeError for anything else.
    """
    if type(stream) is int:  # the cheapest first: launch() pays for every check before its own
        return stream
    if stream is None:
        torch = sys.modules.get("torch")
        # Until PyTorch has initialised CUDA its current stream is the default one.
        if torch is not None and torch.cuda.is_initialized():
            return _torch_current_stream(torch)
        return 0
    handle = getattr(stream, "cuda_stream", None)  # torch.cuda.Stream, graphc.CaptureStream
    if handle is not None:
        return int(handle)
    if isinstance(stream, bool):
        raise TypeError("a stream is an int, a stream object or None, not a bool")
    if isinstance(stream, int):
        return int(stream)
    if hasattr(stream, "__cuda_stream__"):
        return int(stream.__cuda_stream__()[1])
    if hasattr(stream, "ptr"):
        return int(stream.ptr)
    raise TypeError(f"{type(stream).__module__}.{type(stream).__qualname__} is no CUDA stream: pass a "
                    "torch.cuda.Stream, a cupy.cuda.Stream, an object with __cuda_stream__, an int or None")
