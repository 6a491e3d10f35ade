# ImportError/AttributeError/NameError keyword arguments, their reset by
# __init__, and the name/obj of object.__getattribute__'s AttributeError
for make in [lambda: ImportError('t', invalid=1), lambda: ImportError(invalid=1),
             lambda: AttributeError('x', path=1), lambda: NameError(obj=2),
             lambda: ValueError(x=1), lambda: ModuleNotFoundError('m', bad=1)]:
    try:
        make()
    except TypeError as e:
        print(e)
e = ImportError('test', name='n', path='p')
print(e.args, e.msg, e.name, e.path)
e.__init__()
print(e.args, e.msg, e.name, e.path)
a = AttributeError('x', name='n', obj=3)
print(a.name, a.obj)
a.__init__()
print(a.name, a.obj)
print(ModuleNotFoundError('x', name='q').name, NameError('y', name='z').name)


class A:
    pass


obj = A()
try:
    object.__getattribute__(obj, "bluch")
except AttributeError as err:
    print(err, err.name, err.obj is obj)
try:
    getattr(obj, "bluch")
except AttributeError as err:
    print(err, err.name, err.obj is obj)

# an exception's __cause__, __context__, args and __traceback__ cannot be deleted
e = Exception()
for a in ("__cause__", "__context__", "args", "__traceback__"):
    try:
        delattr(e, a)
        print("deleted", a)
    except TypeError as x:
        print(x)
