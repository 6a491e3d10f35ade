# The _ast node classes: hierarchy, _fields, _attributes, __match_args__,
# class defaults, __doc__, constructors, __reduce__, subclasses.
import _ast

names = sorted(n for n in dir(_ast) if not n.startswith('__'))
print(len(names), names)
for n in names:
    c = getattr(_ast, n)
    if not isinstance(c, type):
        print(n, c)
        continue
    d = c.__dict__
    defaults = sorted(k for k, v in d.items() if v is None and not k.startswith('__'))
    print(n, c.__bases__[0].__name__, c.__module__, c._fields, d.get('_attributes'),
          c.__match_args__, defaults)
    print('   ', repr(c.__doc__))

print(_ast.AST._fields, _ast.AST._attributes, _ast.AST.__match_args__)
print(issubclass(_ast.Name, _ast.expr), issubclass(_ast.Load, _ast.expr_context),
      issubclass(_ast.arg, _ast.AST), isinstance(_ast.Name(), _ast.AST))

# constructors
n = _ast.Name('x', _ast.Load())
print(n.id, type(n.ctx).__name__, sorted(n.__dict__))
n = _ast.Name(id='y', lineno=3, foo=5)
print(n.id, n.lineno, n.foo, n.end_lineno, n.end_col_offset)
try:
    n.ctx
except AttributeError as e:
    print('AttributeError', e)
r = _ast.Return()
print(r.value, r.__dict__)
for args in [(1, 2, 3), (1,)]:
    for c in (_ast.Name, _ast.Pass, _ast.Return, _ast.arguments, _ast.AST):
        try:
            c(*args)
            print(c.__name__, 'ok', len(args))
        except TypeError as e:
            print('TypeError', e)
m = _ast.Module()
try:
    m.body
except AttributeError as e:
    print('AttributeError', e)
a = _ast.AST()
a.x = 1
print(a.__dict__, a._fields)

# __reduce__ and copying through it
print(_ast.Load().__reduce__())
n = _ast.Constant(value=1, kind=None, lineno=1)
cls, args, state = n.__reduce__()
print(cls.__name__, args, sorted(state.items()))
n2 = cls(*args)
n2.__dict__.update(state)
print(n2.value, n2.lineno)

# subclasses
class MyName(_ast.Name):
    _fields = ('id', 'ctx', 'extra')
m = MyName('a', _ast.Store(), 42)
print(type(m).__name__, m.id, m.extra, isinstance(m, _ast.expr), MyName.__match_args__)

class Visitor(_ast.AST):
    pass
print(Visitor._fields, Visitor().__dict__)

# pattern matching on nodes
def kind(node):
    match node:
        case _ast.BinOp(left=_ast.Constant(value=a), op=_ast.Add(), right=_ast.Constant(value=b)):
            return 'add', a, b
        case _ast.Name(id, _ast.Load()):
            return 'load', id
        case _:
            return 'other'
print(kind(_ast.BinOp(_ast.Constant(1), _ast.Add(), _ast.Constant(2))))
print(kind(_ast.Name('q', _ast.Load())))
print(kind(_ast.Name('q', _ast.Store())))
print(_ast.PyCF_ONLY_AST, _ast.PyCF_TYPE_COMMENTS, _ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)
for a, k in [((1,), {}), ((), {'a': 1})]:
    try:
        _ast.Name('x').__reduce__(*a, **k)
    except TypeError as e:
        print('TypeError', e)
# keywords repeating a positional field; __new__ takes the constructor's arguments
try:
    _ast.Constant(1, value=2)
except TypeError as e:
    print('TypeError', e)
c = _ast.Constant.__new__(_ast.Constant, 1, kind=None)
print(type(c).__name__, c.__dict__)
