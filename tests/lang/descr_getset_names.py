# getset descriptors name themselves (__name__, __qualname__, __objclass__): inspect.getattr_static reads __name__
class A: pass
for d in [A.__dict__['__dict__'], A.__dict__['__weakref__'], type.__dict__['__name__'], int.__dict__['real']]:
    print(type(d).__name__, d.__name__, d.__qualname__, d.__objclass__, repr(d))
