class C:
    def g(self):
        "doc of g"
    def nodoc(self):
        pass
    @classmethod
    def k(cls):
        "doc of k"
    @staticmethod
    def s():
        "doc of s"
c = C()
print(c.g.__doc__, C.g.__doc__, c.nodoc.__doc__, C.k.__doc__, c.s.__doc__)
print(c.g.__name__, c.g.__qualname__, c.g.__func__ is C.g, c.g.__self__ is c)
m = c.g
print(m.__doc__ == C.__dict__['g'].__doc__)
