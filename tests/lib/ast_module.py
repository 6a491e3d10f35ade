# The pure-Python ast module on top of _ast: parse, dump (indent,
# include_attributes), literal_eval (with its errors), walk, visitors and
# transformers, unparse round trips, get_source_segment, increment_lineno,
# fix_missing_locations, copy_location, get_docstring.
import ast

src = '''\
"""Module doc."""
import os
from x import (a as b, c)

@decorator(1)
class Point(Base, metaclass=Meta):
    """Point doc."""
    x: int = 0
    def __init__(self, x, /, y=2, *args, z, **kw) -> None:
        self.x, self.y = x, y
        total = sum(v ** 2 for v in (x, y) if v)
        return f"{total!r:>{width}} é {x=}"

async def main():
    async with lock as l:
        async for item in feed():
            await process(item)
    result = [i async for i in gen()]

while not done:
    try:
        value = data[1:-1, ::2]
    except (KeyError, IndexError) as exc:
        raise RuntimeError("bad") from exc
    else:
        continue
    finally:
        del value

match command.split():
    case [action, *rest] if rest:
        pass
    case {"key": value, **others}:
        pass
    case Point(x=0) | None:
        pass

x = lambda a, *b, c=3: (a if b else c)
y = {**base, 'k': [1, 2.5, -3j, b'\\x00', ...]}
z = not a and b or c in d is not e
(w := 10)
global g
'''

tree = ast.parse(src)
print(ast.dump(tree))
print(ast.dump(tree, include_attributes=True)[:2000])
print(ast.dump(ast.parse("f(a, *b, k=1, **c)"), indent=2))
print(ast.dump(ast.parse("x = 1", mode='single'), annotate_fields=False))
print(ast.dump(ast.parse("x + 1", mode='eval'), indent='--'))

# unparse round trips
print(ast.unparse(tree))
for s in ["a = b = 1", "del a[0], b.c", "print(*args, sep='')", "x = -(-1) ** 2",
          "f'{a!r}{b:{c}}' 'x'", "(yield)", "lambda: (yield)", "a[1:2, 3]", "(a, *b) = c",
          "with a as (b, c): pass", "for x, in y: pass", "assert x, 'm'", "import a.b.c as d",
          "from . import x", "nonlocal_ = {1, 2} | {3}", "class A: pass", "1 if 2 else 3 if 4 else 5",
          "a @ b // c % d << e >> f & g ^ h | i", "not (a == b)", "x: 'int'", "raise", "return_ = ...",
          "def f(a, b=1, /, c=2, *, d, e=3): pass", "try:\n pass\nexcept* E:\n pass"]:
    t = ast.parse(s)
    u = ast.unparse(t)
    print(repr(s), '->', repr(u), ast.dump(ast.parse(u)) == ast.dump(t))

# literal_eval
for s in ["1", "-1.5", "1+2j", "'a' 'b'", "b'x'", "(1, [2, {3: 4}], {5})", "set()", "None",
          "True", "{'a': (1, -2)}", "  12"]:
    print(repr(ast.literal_eval(s)))
for s in ["x", "f(1)", "1 + x", "[1, y]", "{1: a}", "-'a'", "1 +", "a.b", "set([1])"]:
    try:
        print(ast.literal_eval(s))
    except (ValueError, SyntaxError) as e:
        print(type(e).__name__, str(e).split(' at 0x')[0])
print(ast.literal_eval(ast.parse("[1, 2]", mode='eval')))

# walk, visitors, transformers
print(sorted({type(n).__name__ for n in ast.walk(tree)}))
class Names(ast.NodeVisitor):
    def __init__(self):
        self.names = []
    def visit_Name(self, node):
        self.names.append(node.id)
        self.generic_visit(node)
v = Names()
v.visit(tree)
print(v.names)

class Double(ast.NodeTransformer):
    def visit_Constant(self, node):
        if isinstance(node.value, int) and not isinstance(node.value, bool):
            return ast.copy_location(ast.Constant(node.value * 2), node)
        return node
    def visit_Pass(self, node):
        return None
t = ast.parse("def f():\n    pass\n    return 21\nprint(f(), [1, 2, 3])")
t = ast.fix_missing_locations(Double().visit(t))
print(ast.unparse(t))
exec(compile(t, '<transformed>', 'exec'))

# locations
t = ast.parse("x = 1\ny = (2 +\n     3)\n")
ast.increment_lineno(t, 10)
print([(n.lineno, n.end_lineno) for n in t.body])
t = ast.parse("y = (2 +\n     3)  # c\n")
print(repr(ast.get_source_segment("y = (2 +\n     3)  # c\n", t.body[0].value)))
print(repr(ast.get_source_segment("y = (2 +\n     3)  # c\n", t.body[0].value, padded=True)))
n = ast.Expr(ast.Call(ast.Name('print', ast.Load()), [ast.Constant('fixed')], []))
m = ast.fix_missing_locations(ast.Module([n], []))
print(n.lineno, n.col_offset, n.value.args[0].end_lineno)
exec(compile(m, '<fixed>', 'exec'))
print(ast.get_docstring(tree), ast.get_docstring(tree.body[3]))
print(list(ast.iter_fields(ast.Name('a', ast.Load())))[0])
print(ast.parse("é = 'ü'").body[0].value.col_offset)

# deprecated aliases still work
print(isinstance(ast.Num(5), ast.Constant), ast.Str('s').s, ast.Constant(3).n)
# copy and pickle go through __reduce__
import copy
t2 = copy.deepcopy(tree)
print(ast.dump(t2) == ast.dump(tree))
# pickling (protocols without framing) goes through __reduce__ too
import pickle
for proto in (3,):
    print(proto, ast.dump(pickle.loads(pickle.dumps(tree, proto))) == ast.dump(tree))
print(pickle.loads(pickle.dumps(Ellipsis, 2)) is Ellipsis, Ellipsis.__reduce__(), NotImplemented.__reduce__())
