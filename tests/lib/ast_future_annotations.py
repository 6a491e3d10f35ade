"""from __future__ import annotations: annotations are kept as their text,
written as CPython's compiler unparses them."""
from __future__ import annotations
import _ast

x: UndefinedName[int, 'str'] = 1
y: list[tuple[int, ...]]

def f(a: Forward, /, b: int | None = None, *args: *Ts, c: Callable[[int], str], **kw: dict[str, Any]) -> Result[T]:
    z: NotEvaluated = 5
    return z

class C:
    attr: C
    other: 'quoted' = 3
    def m(self, other: C) -> C: ...

print(__annotations__)
print(f.__annotations__, f(1, c=None))
print(C.__annotations__, C.m.__annotations__)

EXPRS = [
    "a.b.c", "a[1]", "a[1:2]", "a[::2, 1:]", "a[(1, 2)]", "a[()]", "a[1,]", "1 .real", "(1).real",
    "1.5", "1e300 * 1e300", "-1e309", "1e309j", "2j", "-(1)", "- 1", "not x", "~x", "+x",
    "a + b * c", "(a + b) * c", "a ** b ** c", "(a ** b) ** c", "-a ** b", "(-a) ** b",
    "a - (b - c)", "a - b - c", "a / b // c % d @ e", "a << b >> c", "a & b | c ^ d", "a | (b & c)",
    "a and b or c", "a and (b or c)", "not (a and b)", "a < b <= c", "(a < b) < c", "a is not b",
    "a not in b", "a if b else c", "(a if b else c) if d else e", "lambda: 0", "lambda x, *y, z=1, **w: x",
    "lambda x, /, y: x", "lambda *, k: k", "lambda *y: 0", "lambda **k: 0", "lambda a=1, *, b: 0", "[1, 2, *a]", "(1,)", "(1, 2)", "()", "{1, 2}", "{}",
    "{'a': 1, **b}", "[x for x in y if x if not x]", "{x for x in y}", "{k: v for k, v in d}",
    "(x for x in y)", "f(x for x in y)", "f(a, *b, c=1, **d)", "f()", "'str'", "b'bytes'", "'it''s'",
    "\"quote\\\"s\"", "f'{a}'", "f'{a!r:>{w}} {{x}} {b=}'", "f'{ {1: 2}[1] }'", "...", "None",
    "True", "[...]", "a[b](c).d", "(a, b)[0]", "dict[str, list[int | None]]", "'é' + \"ü\"",
    "'\\n\\t\\x00'", "10**100", "0xff", "1_000", "a[-1]", "a.b[c.d](e.f)", "(yield_)",
]
for e in EXPRS:
    ns = {}
    exec("from __future__ import annotations\nv: " + e + "\n", ns)
    print(repr(e), '->', repr(ns['__annotations__']['v']))

# compile()'s flag, from text and from a tree; without it, evaluated
CO_FUTURE_ANNOTATIONS = 0x1000000
src = "def g(a: Missing) -> list[int]: pass\n"
ns = {}
exec(compile(src, 's', 'exec', CO_FUTURE_ANNOTATIONS), ns)
print(ns['g'].__annotations__)
tree = compile(src, 's', 'exec', _ast.PyCF_ONLY_AST)
ns = {}
exec(compile(tree, 's', 'exec', CO_FUTURE_ANNOTATIONS), ns)
print(ns['g'].__annotations__)
try:
    exec(compile(src, 's', 'exec'), {})
except NameError as e:
    print('NameError', e)
# exec() and compile() inherit the feature unless dont_inherit
ns = {}
exec("v: Inherited[int]\nw: int = 2", ns)
print(ns['__annotations__'])
try:
    exec(compile("v: NotInherited", "s", "exec", dont_inherit=True), {})
except NameError as e:
    print('NameError', e)
# the import must open the module (after the docstring)
ns = {}
exec('"doc"\nfrom __future__ import annotations\nv: Later\n', ns)
print(ns['__annotations__'])
try:
    exec('x = 1\nfrom __future__ import annotations\nv: Later\n', {})
except (SyntaxError, NameError) as e:
    print(type(e).__name__, e.msg, e.lineno, e.offset, e.end_offset)
for src in ['from __future__ import braces', 'from __future__ import nonexistent',
            'from __future__ import annotations, generators\nfrom __future__ import division\nx: Y']:
    try:
        compile(src, 's', 'exec')
        print('compiled')
    except SyntaxError as e:
        print(e.msg, e.lineno, e.offset, e.end_offset)
def pos(a: int, /, b: str, *c: float, d: bytes, **e: None) -> bool: pass
print(list(pos.__annotations__))

# what an annotation cannot hold
for e in ["(d := 1)", "await x", "(yield)", "(yield from x)"]:
    for tmpl in ["from __future__ import annotations\nx: %s\n",
                 "from __future__ import annotations\ndef f(a: %s): pass\n",
                 "from __future__ import annotations\ndef f() -> %s: pass\n"]:
        try:
            compile(tmpl % e, 's', 'exec')
            print('compiled')
        except SyntaxError as ex:
            print(ex.msg, ex.lineno, ex.offset)

# where CPython reports misplaced or unknown __future__ imports
for src in ["x=1\nfrom __future__ import annotations", "from __future__ import braces",
            "x = 1; from __future__ import braces", "from __future__ import nonexistent",
            "from __future__ import nested_scopes; import string; from __future__ import \\\n nested_scopes\n",
            "from __future__ import annotations\ndef f():\n    from __future__ import division\n",
            "import os; from __future__ import annotations",
            "'doc'\nfrom __future__ import annotations\nx: u'a'\nprint(__annotations__)"]:
    try:
        exec(compile(src, 's', 'exec'), {})
    except SyntaxError as e:
        print(e.msg, e.lineno, e.offset, e.end_lineno, e.end_offset)
for src in ['object.__debug__: int', 'from __future__ import annotations\nobject.__debug__: int', 'object.__debug__ = 1',
            'del object.__debug__', 'x.__debug__ += 1', 'object.__debug__: int = 1', 'for a.__debug__ in x: pass']:
    try:
        compile(src, 's', 'exec')
        print('compiled')
    except SyntaxError as e:
        print(e.msg, e.lineno, e.offset, e.end_offset)
