# inspect.signature() of builtins: tpy derives __text_signature__ from the
# ArgSpec a C function parses with; CPython from Argument Clinic's docstrings.
import inspect, builtins, os, io, _io, _pickle, math, zlib, binascii, _struct, marshal, posix, re, select


def sig(f):
    try:
        return str(inspect.signature(f))
    except (ValueError, TypeError) as e:
        return type(e).__name__


# module functions (their __text_signature__ differs: CPython's starts with
# "$module", which inspect drops)
for name in ["abs", "all", "any", "ascii", "bin", "callable", "chr", "delattr", "divmod", "format",
             "globals", "hasattr", "hash", "hex", "id", "input", "isinstance", "issubclass", "len",
             "locals", "oct", "ord", "pow", "repr", "round", "setattr", "sorted", "sum",
             # no signature on either (optional groups, *args)
             "getattr", "iter", "next", "min", "max", "dir", "vars"]:
    print(name, sig(getattr(builtins, name)))
print("os.stat", sig(os.stat))
print("os.lstat", sig(os.lstat))
# other modules' functions
for f in [math.floor, math.sin, math.atan2, math.perm, math.ldexp, math.fsum, math.isqrt, math.log, math.hypot,
          zlib.compress, zlib.decompress, zlib.crc32, binascii.hexlify, binascii.crc32, _struct.pack,
          _struct.calcsize, marshal.dumps, marshal.loads, posix.open, posix.read, posix.getcwd, posix.listdir,
          posix.lseek, posix.pwrite, re.compile(".").split, select.epoll.register, zlib.adler32]:
    print(f.__name__, sig(f))

# methods: unbound show self, bound do not
for name in ["capitalize", "casefold", "center", "encode", "expandtabs", "isalnum", "isalpha",
             "isascii", "isdecimal", "isdigit", "isidentifier", "islower", "isnumeric",
             "isprintable", "isspace", "istitle", "isupper", "join", "ljust", "lower", "lstrip",
             "partition", "removeprefix", "removesuffix", "replace", "rjust", "rpartition",
             "rsplit", "rstrip", "split", "splitlines", "strip", "swapcase", "title", "translate",
             "upper", "zfill", "__format__",
             "count", "find", "index", "rfind", "rindex", "startswith", "endswith", "format",
             "format_map"]:
    m = getattr(str, name)
    print("str." + name, sig(m), m.__text_signature__)
for t, names in [(list, ["append", "clear", "copy", "count", "extend", "index", "insert", "pop", "remove",
                          "reverse", "sort"]),
                 (tuple, ["count", "index"]),
                 (dict, ["get", "setdefault", "popitem", "fromkeys", "pop", "keys", "update"]),
                 (int, ["bit_length", "bit_count", "as_integer_ratio", "to_bytes", "from_bytes", "__format__",
                        "__getnewargs__"]),
                 (float, ["is_integer", "hex", "fromhex", "as_integer_ratio", "__round__", "__format__",
                          "__getformat__", "__getnewargs__"])]:
    for name in names:
        m = getattr(t, name)
        # (CPython has text like "default=<unrepresentable>" where inspect fails)
        print(t.__name__ + "." + name, sig(m), m.__text_signature__ if sig(m) != "ValueError" else "")
print("[].append", sig([].append), "dict.fromkeys", sig(dict.fromkeys), "(1).to_bytes", sig((1).to_bytes))
print("'a'.split", sig("a".split), "a".split.__text_signature__)
print("'a'.upper", sig("a".upper))
print("Pickler.dump", sig(_pickle.Pickler.dump), sig(_pickle.Pickler(io.BytesIO()).dump))
print(inspect.getfullargspec(_pickle.Pickler.dump))
print(inspect.getfullargspec(os.stat))

# types
for t in [object, list, tuple, float, complex, enumerate, memoryview, property, _io.BufferedReader, _io.BufferedWriter, _io.BufferedRandom, _pickle.Pickler,
          _pickle.Unpickler]:
    # (CPython wraps long ones over lines)
    print(t.__name__, sig(t), " ".join(t.__text_signature__.split()))
for t in [int, str, dict, set, range, type, super, bytes, bool, frozenset, map, zip, filter]:
    print(t.__name__, sig(t))


class Plain:
    pass


class Documented:
    """Documented(a, b=2)
--

A class whose docstring starts with its signature."""

    def __new__(cls, *args):
        return object.__new__(cls)


class Sub(_io.BufferedReader):
    "not a signature"


print(Plain.__text_signature__, sig(Plain))
print(Documented.__text_signature__)
print(Sub.__text_signature__, sig(Sub))

# the defaults in a spec leave the calls as they were
l = [3, 1, 2]
l.append(4), l.insert(0, 9), l.sort(key=lambda x: -x)
print(l, l.pop(), l.pop(0), l.index(2, 0, 10), (255).to_bytes(2, "little"), int.from_bytes(b"\xff", signed=True),
      (2.567).__round__(1), {}.get(1, 2), dict.fromkeys("ab", 0), complex(1, imag=2), list(enumerate("ab", start=1)))
print(sorted([3, 1, 2], reverse=True), sum([1, 2], start=5), pow(2, 5, mod=3), round(2.567, ndigits=1))
print("a,b".split(sep=","), "a b c".rsplit(maxsplit=1), "x".center(5, "*"), "ab".encode(errors="strict"))
for call in [lambda: sum(), lambda: pow(1), lambda: round(1, ndigits=2, number=3), lambda: sorted([], x=1),
             lambda: len(), lambda: len(1, 2), lambda: setattr(1), lambda: format(), lambda: input(1, 2),
             lambda: "a".split(1, 2, 3), lambda: "a".split(x=1), lambda: "a".strip(1, 2),
             lambda: "a".join(), lambda: "a".upper(1), lambda: "a".replace("a"), lambda: "a".ljust(),
             lambda: "a".encode(encoding=1), lambda: os.stat(), lambda: os.stat("/", dir_fd=None, x=1),
             lambda: [].append(), lambda: [].insert(1), lambda: [].pop(1, 2), lambda: [].sort(1),
             lambda: [].index(), lambda: (5).bit_length(1), lambda: (5).to_bytes(1, 2, 3),
             lambda: int.from_bytes(), lambda: float.fromhex(), lambda: (1.0).__round__(1, 2),
             lambda: {}.get(), lambda: {}.popitem(1), lambda: (1,).count(), lambda: list(1, 2),
             lambda: tuple(x=1), lambda: float(1, 2), lambda: complex(1, 2, 3), lambda: complex(1, real=2),
             lambda: complex(x=1), lambda: memoryview(), lambda: property(x=1), lambda: math.floor(),
             lambda: math.atan2(1), lambda: math.perm(1, 2, 3), lambda: zlib.compress(),
             lambda: (lambda: None)(1, x=1), lambda: (lambda a: None)(1, 2, a=3)]:
    try:
        call()
    except TypeError as e:
        print("TypeError:", e)
