class A:
    cls_attr = 'class'
    def __init__(self):
        self.inst = 'instance'
    def method(self): pass
a = A()
print(a.__dict__, sorted(k for k in A.__dict__ if not k.startswith('__')))
print(a.__class__ is A, a.__class__.__name__, A.__name__, A.__qualname__, A.__module__)
print(type(A.__dict__).__name__)
print(a.cls_attr, A.cls_attr)
a.cls_attr = 'shadowed'
print(a.cls_attr, A.cls_attr)
del a.cls_attr
print(a.cls_attr)
A.cls_attr = 'changed'
print(a.cls_attr, A().cls_attr)
A.new_attr = 'added later'
print(a.new_attr)
a.__dict__['direct'] = 1
print(a.direct)
print(vars(a) is a.__dict__, sorted(vars(a)))
print('inst' in a.__dict__, 'method' in A.__dict__, 'method' in a.__dict__)
class B(A):
    pass
print(B.__dict__.get('cls_attr'), B.cls_attr, 'cls_attr' in B.__dict__)
print(A.__doc__, B.__base__.__name__)
class Doc:
    "class docstring"
print(Doc.__doc__)
try:
    A.__dict__['x'] = 1
except TypeError as e:
    print(e)
a.__dict__ = {'replaced': True}
print(a.replaced, a.__dict__)
