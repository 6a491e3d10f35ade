# _symtable: the raw tables (type, name, lineno, nested, symbols with
# CPython's flag values, varnames, children) and their errors
import _symtable

def dump(t, ind=0):
    assert isinstance(t.id, int) and t.id > 0
    print(' ' * ind, t.type, t.name, t.lineno, t.nested, sorted(t.symbols.items()), t.varnames)
    print(' ' * ind, repr(t).split('(')[0], repr(t).split(')')[1])
    for c in t.children:
        dump(c, ind + 2)

srcs = ['x=1\ndef f(a):\n  return a+x\n',
'''
import sys, os.path as p
from q import r
class C(B, metaclass=M):
    y = 1
    def m(self, *a, k=3, **kw):
        super().m()
        def g(): return self, __class__
        return [i for i in a if i] , lambda z: z+k
    @dec
    def n(self): x: int = 1; v: str
def outer():
    a = 1
    def inner():
        nonlocal a
        a += 1
        global gg
        gg = 2
    return inner, (x for x in a for y in x), {k: v for k, v in a}, {w for w in a}
async def co():
    async for x in y: await x
    return [z async for z in q]
if (n := 10) > 5: pass
[(j := i) for i in range(3)]
''', 'from __future__ import annotations\ndef f(a: int) -> X: x: str = 1\n',
'import os\nglobal os\n', 'x += 1\ndef f():\n  x += 1\n  del y\n',
'try:\n  pass\nexcept E:\n  def a(): pass\nelse:\n  def b(): pass\nfinally:\n  def c(): pass\n',
'def f():\n  return [[s := i for i in range(3)] for j in range(2)], [0 for t[0] in u]\n',
'[[g := i for i in range(3)] for j in range(2)]\n',
'def f():\n  x = 1\n  class C:\n    nonlocal x\n    x = 2\n    def m(self): return x\n',
'class D:\n  global y\n  def m(self): return y\n']
for s in srcs:
    dump(_symtable.symtable(s, "<s>", "exec"))
print(sorted(_symtable.symtable('x+1','s','eval').symbols.items()))
print(sorted(_symtable.symtable('x=1','s','single').symbols.items()))
for bad in ['def f(x): global x', 'def f(x): foo)(', 'nonlocal x', 'def f():\n  x=1\n  global x', 'def f(a, a): pass', 'yield 1', 'from __future__ import braces', 'x=1\nfrom __future__ import annotations']:
    try: _symtable.symtable(bad, 'spam', 'exec')
    except SyntaxError as e: print(type(e).__name__, e, e.filename, e.lineno, e.offset, e.text)
dump(_symtable.symtable(b'# -*- coding: latin-1 -*-\nclass \xc9: pass\n', "b", "exec"))
print({k: v for k, v in sorted(vars(_symtable).items()) if k.isupper()})
for args in [('pass', 's', 'foo'), (3, 's', 'exec'), ('pass', 's'), ('a\0b', 's', 'exec'), ('pass', [1], 'exec')]:
    try:
        _symtable.symtable(*args)
    except Exception as e:
        print(type(e).__name__, e)
try:
    _symtable.symtable(source='pass', filename='s', compile_type='exec')
except TypeError as e:
    print('TypeError')
t = _symtable.symtable('pass', b'by', 'exec')
print(t.name, t.children, t.symbols)
