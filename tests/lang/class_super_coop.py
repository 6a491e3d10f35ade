class Root:
    def __init__(self, **kw):
        print('Root', sorted(kw))
        super().__init__()
class Left(Root):
    def __init__(self, left=0, **kw):
        print('Left', left)
        self.left = left
        super().__init__(**kw)
class Right(Root):
    def __init__(self, right=0, **kw):
        print('Right', right)
        self.right = right
        super().__init__(**kw)
class Bottom(Left, Right):
    def __init__(self, **kw):
        print('Bottom')
        super().__init__(**kw)
b = Bottom(left=1, right=2, extra=3)
print(b.left, b.right)
print([c.__name__ for c in Bottom.__mro__])

class Logger:
    def log(self):
        return ['Logger']
class A(Logger):
    def log(self):
        return ['A'] + super().log()
class B(Logger):
    def log(self):
        return ['B'] + super().log()
class C(A, B):
    def log(self):
        return ['C'] + super().log()
print(C().log())
print(super(A, C()).log())
print(super(B, C()).log())
