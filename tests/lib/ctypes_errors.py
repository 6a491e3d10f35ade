# ctypes: wrong argument types raise the exceptions CPython raises (and
# never crash), for the module functions, classes and metaclasses
from ctypes import *
import ctypes
cases = [
 lambda: POINTER(5), lambda: pointer(5), lambda: byref(5), lambda: sizeof(None), lambda: alignment(5),
 lambda: addressof(5), lambda: resize(5, 10), lambda: c_int.from_address("x"), lambda: c_int.from_buffer(5),
 lambda: c_int.from_buffer_copy("abcd"), lambda: cast(1.5, c_void_p), lambda: cast(c_int(1), 5),
 lambda: (c_int * 2)()["x"], lambda: (c_int * 2)().__setitem__("x", 1), lambda: POINTER(c_int)()["x"],
 lambda: c_int * -1, lambda: Structure(), lambda: Array(), lambda: _Pointer() if False else ctypes._Pointer(),
 lambda: ctypes._SimpleCData(), lambda: CFUNCTYPE(c_int, c_int)(lambda x: x)("s"),
 lambda: CFUNCTYPE(5), lambda: type("T", (Structure,), {"_fields_": 5}), lambda: type("T", (Structure,), {"_fields_": [5]}),
 lambda: type("T", (Array,), {"_type_": 5, "_length_": 2}), lambda: type("T", (ctypes._SimpleCData,), {"_type_": "xx"}),
 lambda: type("T", (ctypes._SimpleCData,), {"_type_": 5}), lambda: type("T", (ctypes._Pointer,), {"_type_": 5}),
 lambda: CDLL("libc.so.6").strlen(5.5), lambda: CDLL("libc.so.6").strlen(object()), 
 lambda: memmove(None, None, 0), lambda: create_string_buffer(-1), lambda: create_string_buffer("s"),
 lambda: c_char_p.from_param(5), lambda: c_void_p.from_param(5.5), lambda: POINTER(c_int).from_param(5),
 lambda: setattr(CDLL("libc.so.6").strlen, "argtypes", 5), lambda: setattr(CDLL("libc.so.6").strlen, "errcheck", 5),
 lambda: ctypes._ctypes if False else __import__("_ctypes").dlopen(5), 
 lambda: __import__("_ctypes").dlclose(12345) if False else None, lambda: c_int.in_dll(5, "x"),
 lambda: c_int.in_dll(CDLL("libc.so.6"), "no_such_symbol_x"), lambda: (c_char * 3)().__setattr__("value", "s"),
 lambda: (c_char * 3)().__setattr__("value", b"toolong"), lambda: (c_wchar * 3)().__setattr__("value", b"x"),
 lambda: POINTER(c_int)().__setattr__("contents", 5), 
 lambda: __import__("pickle").dumps(pointer(c_int(1))), 
 lambda: CFUNCTYPE(c_int)(("strlen", 5)), lambda: CFUNCTYPE(c_int, c_int)(("strlen", CDLL("libc.so.6")), 5),
 lambda: c_int.from_buffer(bytearray(10), -1), lambda: (c_int*3).from_buffer(bytearray(4)),
 lambda: c_wchar_p(5.0), lambda: py_object().value, lambda: c_int.__ctype_be__("x"),
]
for i, f in enumerate(cases):
    try:
        r = f()
        print(i, "ok", type(r).__name__)
    except Exception as e:
        print(i, type(e).__name__, str(e)[:70])
