def make_class(base_value):
    class Local:
        value = base_value
        doubled = base_value * 2
        def get(self):
            return base_value + self.value
    return Local
A = make_class(10)
B = make_class('s')
print(A().get(), B().get(), A.doubled, B.doubled, A.__qualname__)
def counter_class():
    count = 0
    class K:
        def __init__(self):
            nonlocal count
            count += 1
        @staticmethod
        def total():
            return count
    return K
K = counter_class()
K(); K(); K()
print(K.total())
def class_body_sees_enclosing():
    x = 'enclosing'
    class Inner:
        try:
            y = x
        except NameError as e:
            y = 'NameError: ' + str(e)
        x = 'class-level'
        z = x
    class Reads:
        y = x
    return Inner.y, Inner.z, Reads.y
print(class_body_sees_enclosing())
def f():
    v = 1
    class C:
        v = 2
        def m(self):
            return v
    return C().m()
print(f())
