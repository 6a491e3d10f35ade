#!/usr/bin/env python3
"""Calls every public function of tpy's C modules, and every method of
objects of many built-in and C-module types, with arguments of the wrong
types and counts (str, float, None, huge ints, objects whose __index__,
__len__, __iter__, __hash__ ... raise, and more), in child processes, and
reports each call that kills the process (a signal) or hangs. A wrong
argument must raise, never crash: CPython's behaviour. It found six
crashes on its first run (tests/README.md, "Wrong arguments").

    python3 tools/fuzz_args.py [--tpy ./tpy] [--timeout S] [MODULE ... | methods]

Without arguments it runs the modules in SAFE_MODULES and then the
methods. Left out on purpose: modules whose functions act on the process
or the machine given plain integers (posix, signal, _thread, faulthandler,
resource, _ctypes, sys, time, select, mmap, fcntl, termios,
_posixsubprocess, _multiprocessing, readline, nis, syslog): there
os.kill(1, 1) or signal.alarm(1) is not a crash of tpy. A report names the
call; blocking calls (select.select([], [], [])) show as hangs, as they
would under CPython. The last line is "N passed, N failed": targets (a
module, or "methods") that ran through, and calls that crashed or hung.
About 40 s for all of them on two cores; tools/check.sh runs it.
"""
import argparse
import os
import subprocess
import sys
import tempfile

SAFE_MODULES = ("_abc _ast _bisect _blake2 _bz2 _codecs _collections _contextvars _crypt _csv _datetime "
                "_functools _hashlib _heapq _imp _io _json _locale _lsprof _lzma _md5 _multibytecodec _opcode "
                "_operator _pickle _queue _random _sha1 _sha256 _sha3 _sha512 _sqlite3 _dbm _sre _stat "
                "_statistics _string _struct _symtable _tokenize _tracemalloc _typing _uuid _warnings _weakref "
                "array atexit audioop binascii builtins cmath errno gc grp itertools marshal math opcode "
                "pwd pyexpat pypyjit spwd tpyjit unicodedata zlib").split()

FUNCTIONS_CHILD = '"""Call every public callable of C modules with wrong-typed arguments;\nprint each call before making it, so a crash names its call."""\nimport sys, importlib\nMOD = sys.argv[1]\nSTART = int(sys.argv[2])\n\nclass Two:\n    def __index__(self): return 2\nclass Bad:\n    def __index__(self): raise ValueError("bad index")\n    def __len__(self): raise ValueError("bad len")\n    def __iter__(self): raise ValueError("bad iter")\n    def __str__(self): raise ValueError("bad str")\n    def __repr__(self): return "Bad()"\n    def __hash__(self): raise ValueError("bad hash")\n    def __eq__(self, o): raise ValueError("bad eq")\n    def __float__(self): raise ValueError("bad float")\n    def __int__(self): raise ValueError("bad int")\n    def __fspath__(self): raise ValueError("bad fspath")\n\nVALUES = ["x", 1.5, None, -1, 2**70, b"x", [], (), {}, object(), Two(), Bad(), -2**63, "", 0, True, bytearray(b"ab"), memoryview(b"ab"), 1j, {1, 2}, print]\nSKIP = {\n    "builtins": {"input", "breakpoint", "exit", "quit", "help", "open", "copyright", "credits", "license"},\n}\nm = importlib.import_module(MOD)\nnames = sorted(n for n in dir(m) if not n.startswith("__") and callable(getattr(m, n)) and n not in SKIP.get(MOD, ()))\ncalls = []\nfor n in names:\n    f = getattr(m, n)\n    calls.append((n, ()))\n    for v in VALUES:\n        calls.append((n, (v,)))\n        calls.append((n, (1, v)))\n        calls.append((n, ("x", v)))\n        calls.append((n, (v, 1)))\n        calls.append((n, (v, v, v)))\nfor i in range(START, len(calls)):\n    n, args = calls[i]\n    sys.stderr.write("CALL %d %s.%s%r\\n" % (i, MOD, n, args))\n    sys.stderr.flush()\n    try:\n        r = getattr(m, n)(*args)\n        if hasattr(r, "__next__"):\n            for _ in zip(range(3), r): pass\n    except BaseException:\n        pass\nsys.stderr.write("DONE %d\\n" % len(calls))\n'

METHODS_CHILD = '"""Call every method of many objects with wrong-typed arguments."""\nimport sys, os, tempfile, socket, sqlite3, lzma, bz2, codecs, csv as _csv, array, collections, io, decimal, fractions, datetime, struct, re, itertools, functools, operator, weakref, zlib, hashlib, json, csv, pickle, types\nSTART = int(sys.argv[1])\nclass Two:\n    def __index__(self): return 2\nclass Bad:\n    def __index__(self): raise ValueError("bad index")\n    def __len__(self): raise ValueError("bad len")\n    def __iter__(self): raise ValueError("bad iter")\n    def __str__(self): raise ValueError("bad str")\n    def __repr__(self): return "Bad()"\n    def __hash__(self): raise ValueError("bad hash")\n    def __eq__(self, o): raise ValueError("bad eq")\n    def __lt__(self, o): raise ValueError("bad lt")\n    def __float__(self): raise ValueError("bad float")\n    def __int__(self): raise ValueError("bad int")\n    def __fspath__(self): raise ValueError("bad fspath")\n    def __buffer__(self, f): raise ValueError("bad buffer")\nVALUES = ["x", 1.5, None, -1, 2**70, b"x", [], (), {}, object(), Two(), Bad(), -2**63, "", 0, True, bytearray(b"ab"), memoryview(b"ab"), 1j, {1, 2}, print, 2**63, -0.0, float("nan")]\ndef nonblocking(s):\n    s.setblocking(False)\n    return s\ndef makers():\n    yield "str", lambda: "abc\\u20ac"\n    yield "bytes", lambda: b"abc"\n    yield "bytearray", lambda: bytearray(b"abc")\n    yield "list", lambda: [3, 1, 2]\n    yield "tuple", lambda: (1, 2)\n    yield "dict", lambda: {1: 2, "a": 3}\n    yield "set", lambda: {1, 2}\n    yield "frozenset", lambda: frozenset({1})\n    yield "int", lambda: 5\n    yield "bigint", lambda: 2**70\n    yield "float", lambda: 1.5\n    yield "complex", lambda: 1j\n    yield "bool", lambda: True\n    yield "memoryview", lambda: memoryview(bytearray(b"abcd"))\n    yield "range", lambda: range(5)\n    yield "slice", lambda: slice(1, 5, 2)\n    yield "array", lambda: array.array("i", [1, 2])\n    yield "deque", lambda: collections.deque([1, 2])\n    yield "OrderedDict", lambda: collections.OrderedDict(a=1)\n    yield "defaultdict", lambda: collections.defaultdict(list)\n    yield "StringIO", lambda: io.StringIO("ab\\ncd")\n    yield "BytesIO", lambda: io.BytesIO(b"ab\\ncd")\n    yield "Decimal", lambda: decimal.Decimal("1.5")\n    yield "Fraction", lambda: fractions.Fraction(1, 3)\n    yield "date", lambda: datetime.date(2020, 1, 2)\n    yield "datetime", lambda: datetime.datetime(2020, 1, 2, 3, 4)\n    yield "timedelta", lambda: datetime.timedelta(1)\n    yield "Struct", lambda: struct.Struct("i")\n    yield "Pattern", lambda: re.compile("a(b)")\n    yield "Match", lambda: re.match("a(b)", "ab")\n    yield "count", lambda: itertools.count()\n    yield "partial", lambda: functools.partial(print)\n    yield "itemgetter", lambda: operator.itemgetter(1)\n    yield "compressobj", lambda: zlib.compressobj()\n    yield "decompressobj", lambda: zlib.decompressobj()\n    yield "sha256", lambda: hashlib.sha256()\n    yield "md5", lambda: hashlib.md5()\n    yield "JSONDecoder", lambda: json.JSONDecoder()\n    yield "SimpleNamespace", lambda: types.SimpleNamespace(a=1)\n    yield "code", lambda: (lambda x: x).__code__\n    yield "function", lambda: (lambda x: x)\n    yield "type", lambda: type("T", (), {})\n    yield "property", lambda: property(lambda s: 1)\n    yield "generator", lambda: (i for i in range(3))\n    yield "frame", lambda: sys._getframe()\n    yield "exception", lambda: ValueError("x")\n    yield "object", lambda: object()\n    yield "FileIO", lambda: io.FileIO(TMP, "r+")\n    yield "BufferedRandom", lambda: open(TMP, "r+b")\n    yield "BufferedReader", lambda: open(TMP, "rb")\n    yield "TextIOWrapper", lambda: open(TMP, "r+", encoding="utf-8")\n    yield "socket", lambda: nonblocking(socket.socket())\n    yield "socketpair", lambda: nonblocking(socket.socketpair()[0])\n    yield "sqlite", lambda: sqlite3.connect(":memory:")\n    yield "cursor", lambda: sqlite3.connect(":memory:").cursor()\n    yield "lzma_c", lambda: lzma.LZMACompressor(preset=0)\n    yield "lzma_d", lambda: lzma.LZMADecompressor()\n    yield "bz2_c", lambda: bz2.BZ2Compressor()\n    yield "bz2_d", lambda: bz2.BZ2Decompressor()\n    yield "inc_enc", lambda: codecs.getincrementalencoder("utf-8")()\n    yield "inc_dec", lambda: codecs.getincrementaldecoder("utf-16")()\n    yield "csvwriter", lambda: _csv.writer(io.StringIO())\n    yield "csvreader", lambda: _csv.reader(["a,b"])\n    yield "Counter", lambda: collections.Counter("abca")\n    yield "chain", lambda: itertools.chain([1], [2])\n    yield "islice", lambda: itertools.islice(range(10), 2, 8)\n    yield "product", lambda: itertools.product([1, 2], repeat=2)\n    yield "groupby", lambda: itertools.groupby("aab")\n    yield "keys", lambda: {1: 2}.keys()\n    yield "items", lambda: {1: 2}.items()\n    yield "list_iter", lambda: iter([1, 2])\n    yield "str_iter", lambda: iter("ab")\n    yield "dict_iter", lambda: iter({1: 2})\n    yield "enumerate", lambda: enumerate("ab")\n    yield "zip", lambda: zip("ab", "cd")\n    yield "map", lambda: map(str, [1])\n    yield "reversed", lambda: reversed([1, 2])\n    yield "array_d", lambda: array.array("d", [1.5])\n    yield "array_u", lambda: array.array("u", "ab")\n    yield "array_b", lambda: array.array("b", [1])\n    yield "mv_cast", lambda: memoryview(bytearray(8)).cast("i")\n    yield "weakref", lambda: weakref.ref(Two)\n    yield "WeakValueDictionary", lambda: weakref.WeakValueDictionary()\n    yield "Pickler", lambda: pickle.Pickler(io.BytesIO())\n    yield "Unpickler", lambda: pickle.Unpickler(io.BytesIO(b"N."))\n    yield "Scanner", lambda: re.compile("a").scanner("aaa")\n    yield "cell", lambda: (lambda: TMP).__closure__\n    yield "module", lambda: types.ModuleType("m")\n    yield "method", lambda: "x".upper\n    yield "classmethod", lambda: classmethod(print)\n    yield "staticmethod", lambda: staticmethod(print)\n    yield "super", lambda: super(Two, Two())\n    yield "coroutine", lambda: (lambda: None)\n    yield "time", lambda: datetime.time(1, 2)\n    yield "tzinfo", lambda: datetime.timezone.utc\n    yield "Context", lambda: __import__("contextvars").copy_context()\n    yield "ContextVar", lambda: __import__("contextvars").ContextVar("v")\n    yield "lock", lambda: __import__("_thread").allocate_lock()\n    yield "RLock", lambda: __import__("_thread").RLock()\n    yield "deque_iter", lambda: iter(collections.deque([1]))\n    yield "BaseExceptionGroup", lambda: BaseExceptionGroup("m", [ValueError()])\n    yield "NotImplemented", lambda: NotImplemented\n    yield "Ellipsis", lambda: Ellipsis\nTMP = os.path.abspath("data.txt")\nopen(TMP, "w").write("line1\\nline2\\n")\ncalls = []\nfor name, mk in makers():\n    obj = mk()\n    for meth in sorted(dir(obj)):\n        if meth in ("__del__", "__init_subclass__"):\n            continue\n        try:\n            if not callable(getattr(obj, meth)):\n                continue\n        except Exception:\n            continue\n        calls.append((name, mk, meth, ()))\n        for v in VALUES:\n            calls.append((name, mk, meth, (v,)))\n            calls.append((name, mk, meth, (v, v)))\n            calls.append((name, mk, meth, (1, v)))\n            calls.append((name, mk, meth, (v, 1)))\nfor i in range(START, len(calls)):\n    name, mk, meth, args = calls[i]\n    sys.stderr.write("CALL %d %s.%s%r\\n" % (i, name, meth, args))\n    sys.stderr.flush()\n    try:\n        r = getattr(mk(), meth)(*args)\n        if hasattr(r, "__next__"):\n            for _ in zip(range(3), r): pass\n    except BaseException:\n        pass\nsys.stderr.write("DONE %d\\n" % len(calls))\n'


def run_child(tpy, source, args, timeout):
    """Run the child from call START on until it finishes; yield
    ("crash"|"hang", call) for each call that killed it or hung."""
    start = 0
    while True:
        with tempfile.TemporaryDirectory() as d:
            prog = os.path.join(d, "child.py")
            with open(prog, "w") as f:
                f.write(source)
            try:
                r = subprocess.run([tpy, prog] + args + [str(start)], cwd=d, capture_output=True, text=True,
                                   errors="replace", timeout=timeout, stdin=subprocess.DEVNULL)
                err, rc = r.stderr, r.returncode
            except subprocess.TimeoutExpired as e:
                err = e.stderr.decode("utf-8", "replace") if isinstance(e.stderr, bytes) else (e.stderr or "")
                rc = None
        lines = [l for l in err.splitlines() if l.startswith(("CALL ", "DONE "))]
        if lines and lines[-1].startswith("DONE "):
            return
        calls = [l for l in lines if l.startswith("CALL ")]
        if not calls:
            yield ("crash" if rc is not None else "hang"), "before the first call: " + (err.strip().splitlines() or ["?"])[-1]
            return
        yield ("hang" if rc is None else "crash (exit %d)" % rc), calls[-1].split(" ", 2)[2]
        start = int(calls[-1].split()[1]) + 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tpy", default=os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tpy"))
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("targets", nargs="*")
    opts = ap.parse_args()
    opts.tpy = os.path.abspath(opts.tpy)   # the children run in temporary directories
    targets = opts.targets or SAFE_MODULES + ["methods"]
    crashed = hung = clean = 0
    for target in targets:
        if target == "methods":
            reports = run_child(opts.tpy, METHODS_CHILD, [], opts.timeout)
        else:
            reports = run_child(opts.tpy, FUNCTIONS_CHILD, [target], opts.timeout)
        n = 0
        for kind, call in reports:
            n += 1
            print("%s: %s" % (kind.upper(), call), flush=True)
            if kind == "hang":
                hung += 1
            else:
                crashed += 1
        print("%s %s" % ("ok  " if not n else "BAD ", target), flush=True)
        clean += not n
    print("%d crashed, %d hung" % (crashed, hung))
    print("%d passed, %d failed" % (clean, crashed + hung))
    return 1 if crashed or hung else 0


if __name__ == "__main__":
    sys.exit(main())
