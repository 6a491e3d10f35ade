# compile(..., PyCF_ONLY_AST) and compile() of node objects, through _ast
# alone: trees of many constructs (with positions, UTF-8 byte columns),
# the three modes, trees built or changed by hand, run.
import _ast

def dump(node, attrs=True):
    if isinstance(node, _ast.AST):
        parts = []
        for f in node._fields:
            if hasattr(node, f):
                parts.append('%s=%s' % (f, dump(getattr(node, f), attrs)))
        if attrs:
            for a in node._attributes:
                if hasattr(node, a):
                    parts.append('%s=%r' % (a, getattr(node, a)))
        return '%s(%s)' % (type(node).__name__, ', '.join(parts))
    if isinstance(node, list):
        return '[%s]' % ', '.join(dump(x, attrs) for x in node)
    return repr(node)

def parse(src, mode='exec'):
    return compile(src, '<test>', mode, _ast.PyCF_ONLY_AST)

SOURCES = [
    "x = 1",
    "a, *b = c[1:2, ::3] = d.e = f",
    "x += 1; y @= z; del a[0], b.c",
    "def f(a, /, b: int = 1, *c, d, e=2, **f) -> 'r':\n    return a\n",
    "async def g():\n    async with a as b, c:\n        await d\n    async for i in j:\n        yield i\n",
    "@dec(1)\nclass C(B, metaclass=M):\n    'doc'\n    x: int = 3\n    y: 'str'\n",
    "lambda x, *y, z=1, **w: (x, y)",
    "[i for i in range(3) if i if not i] + {k: v for k, v in d} + {s for s in t}",
    "(x async for x in y)",
    "f'{a!r:>{w}} and {b=} {c:{d}.{e}}'",
    "'é' + \"ü\" + u'x' + b'\\x00' + r'\\n'",
    "x = 1_000_000_000_000_000_000_000 + 0x10 + 1.5e300 + 2j + 0.0 + ...",
    "if a:\n    pass\nelif b:\n    x\nelse:\n    y\n",
    "while x:\n    break\nelse:\n    continue\n",
    "try:\n    a\nexcept E as e:\n    b\nexcept (F, G):\n    pass\nelse:\n    c\nfinally:\n    d\n",
    "try:\n    a\nexcept* E:\n    b\n",
    "with open(f) as (a, b):\n    pass\n",
    "import a.b as c, d\nfrom ..e import (f as g, h)\nfrom . import *\n",
    "global x, y\nnonlocal_ = 1\nassert x, 'msg'\nraise E from None\n",
    "match p:\n    case [1, *rest]: pass\n    case {'k': v, **kw}: pass\n    case Point(x=0, y=_) | None: pass\n    case -1 | 1+2j | a.b as c if c: pass\n    case str(): pass\n    case True: pass\n",
    "x = (yield)\ny = yield from z\nw = (a := 10)",
    "a if b else c; not a; -a; ~a; +a; a and b or c; a < b <= c != d is not e in f not in g",
    "é = 'ü' ; ü.é(ö='x')",
    "print(*a, **k, sep='')",
]

for src in SOURCES:
    print(dump(parse(src)))

print(dump(parse("a + 1", 'eval')))
print(dump(parse("x = 1\n", 'single')))
print(dump(parse("if x:\n    y\n\n", 'single')))

# compile back and run
ns = {}
t = parse("def f(n):\n    return [i * i for i in range(n)]\nr = f(5)\n")
exec(compile(t, '<ast>', 'exec'), ns)
print(ns['r'])
print(eval(compile(parse("x * 2 + 1", 'eval'), '<ast>', 'eval'), {'x': 20}))
exec(compile(parse("1 + 2\n", 'single'), '<ast>', 'single'))

# a tree changed by hand: every Add becomes a Mult
def transform(node):
    if isinstance(node, _ast.BinOp) and isinstance(node.op, _ast.Add):
        node.op = _ast.Mult()
    for f in node._fields:
        v = getattr(node, f, None)
        if isinstance(v, _ast.AST):
            transform(v)
        elif isinstance(v, list):
            for x in v:
                if isinstance(x, _ast.AST):
                    transform(x)
    return node
t = transform(parse("print(3 + 4, 'a' + 'b' if False else 5 + 5)"))
exec(compile(t, '<ast>', 'exec'))

# a tree built from scratch
def at(node, line=1, col=0):
    node.lineno, node.col_offset, node.end_lineno, node.end_col_offset = line, col, line, col + 1
    return node
call = at(_ast.Call(at(_ast.Name('print', _ast.Load())),
                    [at(_ast.Constant('built')), at(_ast.BinOp(at(_ast.Constant(6)), _ast.Pow(), at(_ast.Constant(2))))],
                    [at(_ast.keyword('sep', at(_ast.Constant('|'))))]))
mod = _ast.Module([at(_ast.Expr(call))], [])
exec(compile(mod, '<built>', 'exec'))
# constants the parser never makes
for v in [(1, (2, 'x')), -5, -10**30, 10**30, 1.5+2j, -0.0, None, b'\xff']:
    e = _ast.Expression(at(_ast.Constant(v)))
    print(repr(eval(compile(e, '<c>', 'eval'))))
# the end positions are optional
e = _ast.Expression(_ast.Constant(7, lineno=1, col_offset=0))
print(eval(compile(e, '<c>', 'eval')))
# compile() of an AST with PyCF_ONLY_AST returns it
t = parse("x")
print(compile(t, 'f', 'exec', _ast.PyCF_ONLY_AST) is t)
# subclass instances are accepted
class MyConst(_ast.Constant):
    pass
print(eval(compile(_ast.Expression(at(MyConst('sub'))), '<c>', 'eval')))
# the code's positions come from the tree
co = compile(parse("a = 1\n\nb = (\n  2)\n"), 'pos', 'exec')
print([l for l in co.co_lines()][-1][2], co.co_firstlineno)
# flags, dont_inherit and optimize are accepted
print(type(compile("x", "f", "eval", 0, True, 2)).__name__)
print(type(compile("x", "f", "exec", flags=0x1000000, dont_inherit=1, optimize=0)).__name__)
print(type(compile(b"x = 1", "f", "exec", _ast.PyCF_ONLY_AST)).__name__)
