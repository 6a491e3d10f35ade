"""_ctypes_test: the shared library of C functions that CPython's ctypes
tests load with CDLL(_ctypes_test.__file__). CPython builds them into its
_ctypes_test extension module; tpy builds them as a plain shared library,
build/_ctypes_test.so next to the tpy binary (tests/cpython/ctypes_test_lib.c),
and this module names it."""
import os as _os
import sys as _sys

__file__ = _os.path.join(_os.path.dirname(_os.path.realpath(_sys.executable)), "build", "_ctypes_test.so")
if not _os.path.exists(__file__):
    raise ImportError("_ctypes_test: %s is not built (make build/_ctypes_test.so)" % __file__,
                      name="_ctypes_test")
del _os, _sys
