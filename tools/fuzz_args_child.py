"""The child of tools/fuzz_args.py, run by the interpreter under test:

    tpy tools/fuzz_args_child.py functions MODULE START
    tpy tools/fuzz_args_child.py methods START

Calls the targets with wrong arguments from call number START on, writing
"CALL N description" to stderr before each call (so a crash names its
call) and "DONE N" at the end. Exceptions are what should happen; they are
ignored. Runs in a scratch directory (files some calls create stay there).
"""
import importlib
import sys


class Two:
    def __index__(self):
        return 2


class Bad:
    """Every protocol method raises."""
    def __index__(self): raise ValueError("bad index")
    def __len__(self): raise ValueError("bad len")
    def __iter__(self): raise ValueError("bad iter")
    def __str__(self): raise ValueError("bad str")
    def __repr__(self): return "Bad()"
    def __hash__(self): raise ValueError("bad hash")
    def __eq__(self, o): raise ValueError("bad eq")
    def __lt__(self, o): raise ValueError("bad lt")
    def __float__(self): raise ValueError("bad float")
    def __int__(self): raise ValueError("bad int")
    def __fspath__(self): raise ValueError("bad fspath")


VALUES = ["x", 1.5, None, -1, 2**70, b"x", [], (), {}, object(), Two(), Bad(), -2**63, "", 0, True,
          bytearray(b"ab"), memoryview(b"ab"), 1j, {1, 2}, print, 2**63, -0.0, float("nan")]

# functions whose calls wait or end the process whatever their arguments
SKIP = {"builtins": {"input", "breakpoint", "exit", "quit", "help", "open", "copyright", "credits", "license"}}


def argument_lists():
    yield ()
    for v in VALUES:
        yield (v,)
        yield (v, v)
        yield (1, v)
        yield (v, 1)
        yield ("x", v)
        yield (v, v, v)


def module_calls(name):
    m = importlib.import_module(name)
    for fname in sorted(dir(m)):
        if fname.startswith("__") or fname in SKIP.get(name, ()) or not callable(getattr(m, fname)):
            continue
        for args in argument_lists():
            yield "%s.%s%r" % (name, fname, args), (lambda f=getattr(m, fname): f), args


def nonblocking(s):
    s.setblocking(False)
    return s


def makers():
    """(name, a function making a fresh object): a fresh one for each call,
    so one call's damage (a closed file) does not hide the next one's bug."""
    import array, bz2, codecs, collections, contextvars, csv, datetime, decimal, fractions, functools, hashlib
    import io, itertools, json, lzma, operator, os, pickle, re, socket, sqlite3, struct, types, weakref, zlib
    import _thread
    import xml.etree.ElementTree as ET
    data = os.path.abspath("data.txt")

    def started(builder):
        builder.start("a", {})
        return builder

    def fed(parser):
        parser.feed("<a><b>text")
        return parser

    with open(data, "w") as f:
        f.write("line1\nline2\n")
    return [
        ("str", lambda: "abc\u20ac"), ("bytes", lambda: b"abc"), ("bytearray", lambda: bytearray(b"abc")),
        ("list", lambda: [3, 1, 2]), ("tuple", lambda: (1, 2)), ("dict", lambda: {1: 2, "a": 3}),
        ("set", lambda: {1, 2}), ("frozenset", lambda: frozenset({1})), ("int", lambda: 5),
        ("bigint", lambda: 2**70), ("float", lambda: 1.5), ("complex", lambda: 1j), ("bool", lambda: True),
        ("memoryview", lambda: memoryview(bytearray(b"abcd"))), ("range", lambda: range(5)),
        ("slice", lambda: slice(1, 5, 2)), ("array", lambda: array.array("i", [1, 2])),
        ("array_d", lambda: array.array("d", [1.5])), ("array_u", lambda: array.array("u", "ab")),
        ("deque", lambda: collections.deque([1, 2])), ("OrderedDict", lambda: collections.OrderedDict(a=1)),
        ("defaultdict", lambda: collections.defaultdict(list)), ("Counter", lambda: collections.Counter("abca")),
        ("StringIO", lambda: io.StringIO("ab\ncd")), ("BytesIO", lambda: io.BytesIO(b"ab\ncd")),
        ("FileIO", lambda: io.FileIO(data, "r+")), ("BufferedRandom", lambda: open(data, "r+b")),
        ("BufferedReader", lambda: open(data, "rb")),
        ("TextIOWrapper", lambda: open(data, "r+", encoding="utf-8")),
        ("Decimal", lambda: decimal.Decimal("1.5")), ("Fraction", lambda: fractions.Fraction(1, 3)),
        ("date", lambda: datetime.date(2020, 1, 2)), ("datetime", lambda: datetime.datetime(2020, 1, 2, 3, 4)),
        ("time", lambda: datetime.time(1, 2)), ("timedelta", lambda: datetime.timedelta(1)),
        ("tzinfo", lambda: datetime.timezone.utc), ("Struct", lambda: struct.Struct("i")),
        ("Pattern", lambda: re.compile("a(b)")), ("Match", lambda: re.match("a(b)", "ab")),
        ("Scanner", lambda: re.compile("a").scanner("aaa")), ("count", lambda: itertools.count()),
        ("chain", lambda: itertools.chain([1], [2])), ("islice", lambda: itertools.islice(range(10), 2, 8)),
        ("product", lambda: itertools.product([1, 2], repeat=2)), ("groupby", lambda: itertools.groupby("aab")),
        ("partial", lambda: functools.partial(print)), ("itemgetter", lambda: operator.itemgetter(1)),
        ("compressobj", lambda: zlib.compressobj()), ("decompressobj", lambda: zlib.decompressobj()),
        ("lzma_c", lambda: lzma.LZMACompressor(preset=0)), ("lzma_d", lambda: lzma.LZMADecompressor()),
        ("bz2_c", lambda: bz2.BZ2Compressor()), ("bz2_d", lambda: bz2.BZ2Decompressor()),
        ("inc_enc", lambda: codecs.getincrementalencoder("utf-8")()),
        ("inc_dec", lambda: codecs.getincrementaldecoder("utf-16")()),
        ("sha256", lambda: hashlib.sha256()), ("md5", lambda: hashlib.md5()),
        ("JSONDecoder", lambda: json.JSONDecoder()), ("csvwriter", lambda: csv.writer(io.StringIO())),
        ("csvreader", lambda: csv.reader(["a,b"])), ("Pickler", lambda: pickle.Pickler(io.BytesIO())),
        ("Unpickler", lambda: pickle.Unpickler(io.BytesIO(b"N."))),
        ("socket", lambda: nonblocking(socket.socket())),
        ("socketpair", lambda: nonblocking(socket.socketpair()[0])),
        ("Element", lambda: ET.fromstring('<a x="1"><b>t</b>u<c/></a>')),
        ("TreeBuilder", lambda: started(ET.TreeBuilder())), ("element_iter", lambda: ET.Element("a").iter()),
        ("XMLParser", lambda: ET.XMLParser()), ("XMLParser_fed", lambda: fed(ET.XMLParser())),
        ("sqlite", lambda: sqlite3.connect(":memory:")), ("cursor", lambda: sqlite3.connect(":memory:").cursor()),
        ("keys", lambda: {1: 2}.keys()), ("items", lambda: {1: 2}.items()), ("list_iter", lambda: iter([1, 2])),
        ("str_iter", lambda: iter("ab")), ("dict_iter", lambda: iter({1: 2})),
        ("deque_iter", lambda: iter(collections.deque([1]))), ("enumerate", lambda: enumerate("ab")),
        ("zip", lambda: zip("ab", "cd")), ("map", lambda: map(str, [1])), ("reversed", lambda: reversed([1, 2])),
        ("mv_cast", lambda: memoryview(bytearray(8)).cast("i")), ("weakref", lambda: weakref.ref(Two)),
        ("WeakValueDictionary", lambda: weakref.WeakValueDictionary()),
        ("SimpleNamespace", lambda: types.SimpleNamespace(a=1)), ("module", lambda: types.ModuleType("m")),
        ("code", lambda: (lambda x: x).__code__), ("function", lambda: (lambda x: x)),
        ("cell", lambda: (lambda: data).__closure__[0]), ("method", lambda: "x".upper),
        ("classmethod", lambda: classmethod(print)), ("staticmethod", lambda: staticmethod(print)),
        ("super", lambda: super(Two, Two())), ("type", lambda: type("T", (), {})),
        ("property", lambda: property(lambda s: 1)), ("generator", lambda: (i for i in range(3))),
        ("frame", lambda: sys._getframe()), ("exception", lambda: ValueError("x")),
        ("BaseExceptionGroup", lambda: BaseExceptionGroup("m", [ValueError()])),
        ("Context", lambda: contextvars.copy_context()), ("ContextVar", lambda: contextvars.ContextVar("v")),
        ("lock", lambda: _thread.allocate_lock()), ("RLock", lambda: _thread.RLock()),
        ("object", lambda: object()), ("NotImplemented", lambda: NotImplemented), ("Ellipsis", lambda: Ellipsis),
    ]


def method_calls():
    for name, make in makers():
        for meth in sorted(dir(make())):
            if meth in ("__del__", "__init_subclass__"):
                continue
            try:
                if not callable(getattr(make(), meth)):
                    continue
            except Exception:
                continue
            for args in argument_lists():
                yield "%s.%s%r" % (name, meth, args), (lambda make=make, meth=meth: getattr(make(), meth)), args


def main():
    if sys.argv[1] == "functions":
        calls, start = list(module_calls(sys.argv[2])), int(sys.argv[3])
    else:
        calls, start = list(method_calls()), int(sys.argv[2])
    for i in range(start, len(calls)):
        what, get, args = calls[i]
        sys.stderr.write("CALL %d %s\n" % (i, what))
        sys.stderr.flush()
        try:
            r = get()(*args)
            if hasattr(r, "__next__"):   # iterators: a few steps too
                for _ in zip(range(3), r):
                    pass
        except BaseException:
            pass
    sys.stderr.write("DONE %d\n" % len(calls))


main()
