# Cases from CPython's test_functools.py (TestPartialC and friends), plus a hot loop.
import copy, sys, weakref
from functools import partial
import functools

def show(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)

def capture(*args, **kw):
    return args, kw

def signature(part):
    return (part.func, part.args, part.keywords, part.__dict__)

class MyTuple(tuple): pass
class BadTuple(tuple):
    def __add__(self, other): return list(self) + list(other)
class MyDict(dict): pass

print(functools.partial is partial, partial.__module__, partial.__name__, partial.__qualname__)
# test_basic_examples
p = partial(capture, 1, 2, a=10, b=20)
print(callable(p), p(3, 4, b=30, c=40))
p = partial(map, lambda x: x * 10)
print(list(p([1, 2, 3, 4])))
# test_attributes
p = partial(capture, 1, 2, a=10, b=20)
print(p.func is capture, p.args, p.keywords)
# test_argument_checking
show(lambda: partial())
show(lambda: partial(2))
show(lambda: partial(None))
# test_protection_of_callers_dict_argument
def func(a=10, b=20): return a
d = {'a': 3}
p = partial(func, a=5)
print(p(**d), d)
p(b=7); print(d)
# test_kwargs_copy
d = {'a': 3}; p = partial(capture, **d); print(p(), d); d['a'] = 5; print(p.keywords, p())
# test_arg_combinations
p = partial(capture)
print(p(), p(1, 2))
p = partial(capture, 1, 2)
print(p(), p(3, 4))
# test_kw_combinations
p = partial(capture, a=1)
print(p(), p(b=2))
p = partial(capture)
print(p.keywords, p(a=1), p(a=1, b=2))
p = partial(capture, a=1)
print(p(a=2), p(a=2, b=3))
# test_positional
for args in [(), (0,), (0, 1), (0, 1, 2), (0, 1, 2, 3)]:
    p = partial(capture, *args)
    expected = args + ('x',)
    got, empty = p('x')
    print(expected == got and empty == {}, end=' ')
print()
# test_keyword
for a in ['a', 0, None, 3.5]:
    p = partial(capture, a=a)
    expected = {'a': a, 'x': None}
    empty, got = p(x=None)
    print(expected == got and empty == (), end=' ')
print()
# test_no_side_effects
p = partial(capture, 0, a=1)
args1, kw1 = p(1, b=2)
print(args1 == (0, 1) and kw1 == {'a': 1, 'b': 2})
args2, kw2 = p()
print(args2 == (0,) and kw2 == {'a': 1})
# test_error_propagation
def f(x, y): x / y
show(lambda: partial(f, 1, 0)())
show(lambda: partial(f, 1)(0))
show(lambda: partial(f)(1, 0))
show(lambda: partial(f, y=0)(1))
# test_weakref
f_ = partial(int, base=16)
p = weakref.proxy(f_)
print(f_.func == p.func)
f_ = None
print(type(weakref.ref(partial(int))).__name__)
# test_with_bound_and_unbound_methods
data = list(map(str, range(10)))
join = partial(str.join, '')
print(join(data))
join = partial(''.join)
print(join(data))
# test_nested_optimization
inner = partial(signature, 'asdf')
nested = partial(inner, bar=True)
flat = partial(signature, 'asdf', bar=True)
print(signature(nested) == signature(flat), nested.func is signature, nested.args)
# test_nested_partial_with_attribute
def foo(bar): return bar
p = partial(foo, 'first')
p2 = partial(p, 'second')
p2.new_attr = 'spam'
print(p2.new_attr, p2.func is p)
pa = partial(foo); pa.attr = 1; pb = partial(pa, 'x'); print(pb.func is pa, pb.args)
# test_repr
args = (object(), object())
args_repr = ', '.join(repr(a) for a in args)
kwargs = {'a': object(), 'b': object()}
kwargs_reprs = ['a={a!r}, b={b!r}'.format_map(kwargs), 'b={b!r}, a={a!r}'.format_map(kwargs)]
name = 'functools.partial'
f = partial(capture)
print(repr(f) == f'{name}({capture!r})')
f = partial(capture, *args)
print(repr(f) == f'{name}({capture!r}, {args_repr})')
f = partial(capture, **kwargs)
print(repr(f) in [f'{name}({capture!r}, {kwargs_repr})' for kwargs_repr in kwargs_reprs])
f = partial(capture, *args, **kwargs)
print(repr(f) in [f'{name}({capture!r}, {args_repr}, {kwargs_repr})' for kwargs_repr in kwargs_reprs])
print(repr(partial(len)), repr(partial(int, '10', base=2)), repr(partial(capture, 1, x='y')).startswith('functools.partial(<function capture at 0x'))
class PartialSubclass(partial): pass
class Outer:
    class Inner(partial): pass
print(repr(PartialSubclass(len, 1)), repr(Outer.Inner(len, k=2)))
# test_recursive_repr
f = partial(capture)
f.__setstate__((f, (), {}, {}))
print(repr(f))
f.__setstate__((capture, (f,), {}, {}))
print(repr(f) == 'functools.partial(%r, ...)' % (capture,))
f.__setstate__((capture, (), {'a': f}, {}))
print(repr(f) == 'functools.partial(%r, a=...)' % (capture,))
# test_pickle-style __reduce__ and copies
f = partial(signature, ['asdf'], bar=[True])
f.attr = []
r = f.__reduce__()
print(r[0] is partial, r[1][0] is signature, r[2][1:3], r[2][3])
g = r[0](*r[1]); g.__setstate__(r[2]); print(signature(g) == signature(f))
print(partial(len).__reduce__()[2][2:])
# test_copy / test_deepcopy
f = partial(signature, ['asdf'], bar=[True]); f.attr = []
f_copy = copy.copy(f)
print(signature(f_copy) == signature(f), f_copy.attr is f.attr, f_copy.args is f.args, f_copy.keywords is f.keywords)
f_copy = copy.deepcopy(f)
print(signature(f_copy) == signature(f), f_copy.attr is not f.attr, f_copy.args is not f.args, f_copy.args[0] is not f.args[0])
print(f_copy.keywords is not f.keywords, f_copy.keywords['bar'] is not f.keywords['bar'])
# test_setstate
f = partial(signature)
f.__setstate__((capture, (1,), dict(a=10), dict(attr=[])))
print(signature(f) == (capture, (1,), dict(a=10), dict(attr=[])), f(2, b=20))
f.__setstate__((capture, (1,), dict(a=10), None))
print(signature(f) == (capture, (1,), dict(a=10), {}), f(2, b=20))
f.__setstate__((capture, (1,), None, None))
print(signature(f) == (capture, (1,), {}, {}), f(2, b=20), f(2), f())
f.__setstate__((capture, (), {}, None))
print(signature(f) == (capture, (), {}, {}), f(2, b=20), f(2), f())
# test_setstate_errors
f = partial(signature)
for st in [(capture, (), {}), (capture, (), {}, {}, None), [capture, (), {}, None],
           (None, (), {}, None), (capture, None, {}, None), (capture, [], {}, None), (capture, (), [], None)]:
    show(lambda: f.__setstate__(st))
# test_setstate_subclasses
f = partial(signature)
f.__setstate__((capture, MyTuple((1,)), MyDict(a=10), None))
s = signature(f)
print(s == (capture, (1,), dict(a=10), {}), type(s[1]) is tuple, type(s[2]) is dict)
r = f()
print(r == ((1,), {'a': 10}), type(r[0]) is tuple)
f.__setstate__((capture, BadTuple((1,)), {}, None))
s = signature(f)
print(s == (capture, (1,), {}, {}), type(s[1]) is tuple)
r = f(2)
print(r == ((1, 2), {}), type(r[0]) is tuple)
# test_attributes_unwritable
p = partial(capture, 1, 2, a=10, b=20)
show(lambda: setattr(p, 'func', map))
show(lambda: setattr(p, 'args', (1, 2)))
show(lambda: setattr(p, 'keywords', {}))
p = partial(hex)
show(lambda: p.__setstate__((1, 2, 3, 4)))
try:
    del partial(hex).__dict__
except TypeError as e:
    print('TypeError', e)
show(lambda: setattr(partial(hex), '__dict__', 1))
q = partial(hex); q.__dict__ = {'z': 1}; print(q.z, q.__dict__)
# test_keystr_replaces_value
p = partial(capture)
key = ''.join('ab')
p.keywords[key] = 1
print(p(**{'ab': 2}))
# not a method descriptor: it does not bind
class A:
    meth = partial(capture, 1)
print(A().meth(2), A.meth(3), not hasattr(partial, '__get__'))
# __class_getitem__ and weakref flags
print(partial[int], partial[int, str].__origin__ is partial)
w = partial(len); print(weakref.ref(w)() is w)
# a subclass
class P2(partial):
    def __call__(self, *a, **k):
        return ('P2', super().__call__(*a, **k))
p = P2(capture, 1)
print(p(2), partial(p, 3)(4), partial(p, 3).func is p, type(P2(p, 5).func).__name__)
class Sub(partial):
    pass
s = Sub(capture, 1, k=1)
print(s(2), type(s).__name__, partial(s, 2).func is capture, partial(s, 2).args, Sub(s, 3).args, Sub(s, 3).func is capture)
# keyword ordering in calls: stored first, then new ones
print(partial(capture, a=1, b=2)(c=3, a=4))
# hot loop (the JIT's modes)
add = partial(lambda x, y, z=0: x + y + z, 10)
addz = partial(add, z=1)
total = 0
for i in range(30000):
    total += add(i) + addz(i, z=2) + addz(y=i)
print(total)
pw = partial(pow, exp=2)
print(sum(pw(i) for i in range(2000)), sum(map(partial(int, base=2), ['101', '11'] * 1000)))
