# _testinternalcapi: the configuration this run uses, the recursion depth,
# and the locale codec of system strings (UTF-8), as CPython's tests use them.
import _testinternalcapi as t
import sys

config = t.get_config()
print(config["code_debug_ranges"], config["argv"] == sys.argv, config["executable"] == sys.executable)
print(config["isolated"], config["site_import"], config["write_bytecode"], config["filesystem_encoding"],
      config["filesystem_errors"], config["optimization_level"], config["verbose"])
config["argv"].append("changed")
print(t.get_config()["argv"] == sys.argv)

def depth_at(n):
    return t.get_recursion_depth() if n == 0 else depth_at(n - 1)
print(depth_at(10) - depth_at(0))

for text, errors in (("ascii", "strict"), ("u\xe9\u20ac\U0010ffff", "strict"), ("s\udc80\udcff", "surrogateescape"),
                     ("s\udc80", "surrogatepass"), ("s\udc80", "strict")):
    try:
        print(repr(t.EncodeLocaleEx(text, 0, errors)))
    except (RuntimeError, ValueError) as e:
        print(type(e).__name__, e)
for data, errors in ((b"ascii", "strict"), (b"b\xff", "surrogateescape"), (b"b\xff", "strict"),
                     (b"\xed\xb2\x80", "surrogatepass")):
    try:
        print(ascii(t.DecodeLocaleEx(data, 0, errors)))
    except (RuntimeError, ValueError) as e:
        print(type(e).__name__, e)
for call in (lambda: t.EncodeLocaleEx("", 0, "backslashreplace"), lambda: t.DecodeLocaleEx(b"", 0, "replace"),
             lambda: t.EncodeLocaleEx("a\0b", 0, "strict"), lambda: t.DecodeLocaleEx("str", 0, "strict")):
    try:
        call()
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
