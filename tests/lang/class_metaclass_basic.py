class Meta(type):
    def __new__(mcls, name, bases, ns):
        ns['tag'] = name.lower()
        cls = super().__new__(mcls, name, bases, ns)
        return cls
    def describe(cls):
        return 'class ' + cls.__name__
class A(metaclass=Meta):
    pass
class B(A):
    pass
print(A.tag, B.tag, type(A).__name__, type(B).__name__, A.describe(), isinstance(A, Meta))
class Counting(type):
    count = 0
    def __call__(cls, *a, **k):
        Counting.count += 1
        return super().__call__(*a, **k)
class C(metaclass=Counting):
    def __init__(self, v):
        self.v = v
objs = [C(i) for i in range(4)]
print(Counting.count, objs[3].v)
