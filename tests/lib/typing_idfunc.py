# _typing._idfunc: the identity, typing.NewType's __call__ (a builtin
# function in a class is called without the instance)
import _typing
import typing

print(sorted(n for n in dir(_typing) if n != '__file__'), repr(_typing.__doc__))
print(_typing._idfunc.__module__, _typing._idfunc.__name__)
o = object()
print(_typing._idfunc(o) is o, _typing._idfunc(3), _typing._idfunc([1, 2]))
for call in (lambda: _typing._idfunc(), lambda: _typing._idfunc(1, 2), lambda: _typing._idfunc(x=1)):
    try:
        call()
    except TypeError as e:
        print('TypeError', e)

class C:
    __call__ = _typing._idfunc
print(C()(5))

UserId = typing.NewType('UserId', int)
print(UserId.__call__ is _typing._idfunc, UserId(7), type(UserId(7)).__name__)
print(UserId.__name__, UserId.__qualname__, UserId.__supertype__, repr(UserId))
