"""Arrays bound to buffers: what their __dlpack__ (torch, CuPy, JAX, NumPy; the only
description a torch.bfloat16 tensor has), __cuda_array_interface__ (numba, and objects
with nothing else) or __array_interface__ says; and memory given back as arrays."""
from . import _graphc


def kind_of(obj):
    """'torch.Tensor', 'numpy.ndarray': the array's class, as messages name it."""
    cls = type(obj)
    return f"{cls.__module__.split('.')[0]}.{cls.__qualname__}"


def _dlpack_view(array):
    """The _ArrayView of `array`'s DLPack capsule, or None where it gives none."""
    if getattr(array, "requires_grad", False) and hasattr(array, "detach"):
        array = array.detach()  # the same memory; a tensor that requires grad exports none
    try:
        capsule = array.__dlpack__()
    except (BufferError, TypeError, RuntimeError):
        return None  # a read-only NumPy array, a device its library cannot export: the interfaces
    return _graphc._dlpack_view(kind_of(array), capsule)


def view_of(name, array):
    """The _ArrayView the C++ side checks against buffer `name` (R0076, R0077).

    Raises TypeError when the object has none of the interfaces."""
    if hasattr(array, "__dlpack__"):
        view = _dlpack_view(array)
        if view is not None:
            return view
    if hasattr(array, "__cuda_array_interface__"):
        interface, host = array.__cuda_array_interface__, False
    elif hasattr(array, "__array_interface__"):
        interface, host = array.__array_interface__, True
    else:
        raise TypeError(f"buffer {name!r}: a {kind_of(array)} has neither __dlpack__, __cuda_array_interface__ nor "
                        "__array_interface__ (bind a torch tensor, a CuPy or NumPy array, or an object with one)")
    if interface.get("mask") is not None:
        raise TypeError(f"buffer {name!r}: a masked {kind_of(array)} cannot be bound")
    data = interface["data"]
    pointer = data[0] if isinstance(data, tuple) else None
    if pointer is None:
        raise TypeError(f"buffer {name!r}: the {kind_of(array)} exposes no pointer (its data is a buffer object)")
    strides = interface.get("strides")
    return _graphc._ArrayView(kind_of(array), interface["typestr"], list(interface["shape"]),
                              list(strides) if strides is not None else [], int(pointer), host)


class BufferArray:
    """A buffer's memory as an array other libraries wrap without a copy.

    Every one has __dlpack__ (torch.from_dlpack(b), cupy.from_dlpack(b),
    numpy.from_dlpack(b) for host memory), bf16 included. Device and managed memory also has
    __cuda_array_interface__ (torch.as_tensor(b, device="cuda"), cupy.asarray(b)); host
    memory (pinned or pageable) __array_interface__ (numpy.asarray(b)); neither for bf16,
    which they cannot describe. Its shape is the declaration's, with a last axis of the
    lanes for a vector type (float4: (count, 4)). It keeps its owner (the instance) alive;
    the memory is the owner's, valid until the instance is closed. Nothing is synchronized
    for a consumer (the stream argument of __dlpack__ is accepted and not used): synchronize
    the graph's stream first, or use the array on that stream.
    """

    def __init__(self, owner, decl, pointer, shape=None):
        self._owner = owner
        self.decl = decl
        self.pointer = pointer
        self.shape = tuple(shape if shape is not None else decl.shape) + ((decl.lanes,) if decl.lanes > 1 else ())
        typestr = decl.typestr
        if not typestr:
            return  # bf16: DLPack only
        interface = {"shape": self.shape, "typestr": typestr, "data": (pointer, False), "strides": None, "version": 3}
        if decl.space in ("device", "managed"):
            self.__cuda_array_interface__ = dict(interface, stream=None)
        else:
            self.__array_interface__ = interface

    def __dlpack__(self, stream=None, max_version=None, dl_device=None, copy=None):
        """A DLPack capsule over the memory (no copy), of the buffer's element type."""
        if copy:
            raise BufferError("graphc buffers are exported without a copy")
        return _graphc._dlpack_capsule(self, self.pointer, self.decl.component, list(self.shape))

    def __dlpack_device__(self):
        """(2, device) for CUDA memory (device and managed buffers), (1, 0) for host memory."""
        return _graphc._dlpack_device(self.pointer)

    def __repr__(self):
        return f"<graphc.BufferArray {self.decl.name} : {self.decl.declared}>"
