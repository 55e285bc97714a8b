"""The CUDA stream a launch goes to, from the stream objects Python's GPU libraries have."""
from . import _graphc


def stream_handle(stream):
    """The cudaStream_t of `stream`, as an int (resolved in C++, _graphc._stream_handle, as
    Instance.launch resolves its stream at every launch).

    None: PyTorch's current stream of its current device when torch is imported and has
    initialised CUDA (so that a launch is ordered with the torch work around it), else 0,
    the legacy default stream. An int is a cudaStream_t already. An object with .cuda_stream
    (torch.cuda.Stream), with __cuda_stream__ (the CUDA stream protocol: a (version, handle)
    pair, cuda.core's streams) or with .ptr (cupy.cuda.Stream) gives its handle.

    Raises TypeError for anything else.
    """
    return _graphc._stream_handle(stream)
