# symtable.py on _symtable: the SymbolTable / Function / Class / Symbol API
import symtable

CODE = '''
import sys
glob = 42
class Mine:
    instance_var = 24
    x = 1
    def a_method(p1, p2):
        return x, __class__
    def b(self): return [x for x in self.y]
    @staticmethod
    def c(): return super()

def spam(a, b=1, /, c=2, *var, d, **kw):
    global bar
    bar = 47
    some_var = 10
    x = 23
    glob
    def internal():
        return x
    def other_internal():
        nonlocal some_var
        some_var = 3
        return some_var
    y: int
    z: list = []
    return internal

def gen():
    yield from (i * i for i in range(3))
'''

def show(t, ind=''):
    print(ind + repr(t), t.get_type(), t.get_name(), t.get_lineno(), t.is_optimized(), t.is_nested(),
          t.has_children())
    ids = sorted(t.get_identifiers())
    print(ind + '  ids:', ids)
    if isinstance(t, symtable.Function):
        print(ind + '  params', t.get_parameters(), 'locals', t.get_locals(), 'globals', t.get_globals(),
              'nonlocals', t.get_nonlocals(), 'frees', t.get_frees())
    if isinstance(t, symtable.Class):
        print(ind + '  methods', t.get_methods())
    for n in ids:
        s = t.lookup(n)
        print(ind + '   ', repr(s), s.is_referenced(), s.is_imported(), s.is_parameter(), s.is_global(),
              s.is_nonlocal(), s.is_declared_global(), s.is_local(), s.is_annotated(), s.is_free(),
              s.is_assigned(), s.is_namespace(), len(s.get_namespaces()))
    for c in t.get_children():
        show(c, ind + '    ')

top = symtable.symtable(CODE, "code.py", "exec")
show(top)
show(symtable.symtable("lambda a, *b: (a, b, c)", "e", "eval"))
show(symtable.symtable("x = 1", "s", "single"))
for bad in ["def f(x): foo)(", "def f(x): global x", "def f():\n  x = 1\n  nonlocal x",
            "def f():\n  def g():\n    nonlocal q", "[(i := 1) for i in y]", "class A:\n  [(q := 1) for i in y]",
            "def f(*, a, a=1): pass", "def f():\n  from os import *", "[x for x in (yield)]"]:
    try:
        symtable.symtable(bad, "spam", "exec")
    except SyntaxError as e:
        print(e.msg, e.filename, e.lineno, e.offset)
