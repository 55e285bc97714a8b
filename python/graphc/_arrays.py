"""Arrays bound to buffers: what their __cuda_array_interface__ (torch, CuPy, numba, JAX) or
__array_interface__ (NumPy, for host buffers; a CPU torch tensor through NumPy's view of it)
says, and buffers given back as arrays."""
from . import _graphc


def kind_of(obj):
    """'torch.Tensor', 'numpy.ndarray': the array's class, as messages name it."""
    cls = type(obj)
    return f"{cls.__module__.split('.')[0]}.{cls.__qualname__}"


def view_of(name, array):
    """The _ArrayView the C++ side checks against buffer `name` (R0076, R0077).

    Raises TypeError when the object has neither interface."""
    if hasattr(array, "__cuda_array_interface__"):
        interface, host = array.__cuda_array_interface__, False
    elif hasattr(array, "__array_interface__"):
        interface, host = array.__array_interface__, True
    elif kind_of(array) == "torch.Tensor":
        # A CPU tensor (pinned or not) has only __array__: NumPy's view of it, the same memory.
        import numpy
        shared = numpy.asarray(array)
        if shared.size and shared.ctypes.data != array.data_ptr():
            raise TypeError(f"buffer {name!r}: NumPy copied the torch.Tensor instead of viewing it")
        interface, host = shared.__array_interface__, True
    else:
        raise TypeError(f"buffer {name!r}: a {kind_of(array)} has neither __cuda_array_interface__ nor "
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
    """A buffer of an instance, as an array other libraries wrap without a copy.

    Device and managed memory has __cuda_array_interface__ (torch.as_tensor(b,
    device="cuda"), cupy.asarray(b)); host memory (pinned or pageable) __array_interface__
    (numpy.asarray(b)). Its shape is the declaration's, with a last axis of the lanes for a
    vector type (float4: (count, 4)). It keeps its instance alive; the memory is the
    instance's, valid until the instance is closed.
    """

    def __init__(self, instance, decl, pointer):
        typestr = decl.typestr
        if not typestr:
            raise TypeError(f"buffer {decl.name!r} holds {decl.dtype}, which no array interface can describe")
        shape = tuple(decl.shape) + ((decl.lanes,) if decl.lanes > 1 else ())
        interface = {"shape": shape, "typestr": typestr, "data": (pointer, False), "strides": None, "version": 3}
        self._instance = instance
        self.decl = decl
        if decl.space in ("device", "managed"):
            self.__cuda_array_interface__ = dict(interface, stream=None)
        else:
            self.__array_interface__ = interface

    def __repr__(self):
        return f"<graphc.BufferArray {self.decl.name} : {self.decl.declared}>"
