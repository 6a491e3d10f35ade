# Slot wrappers and method-wrappers have CPython's docstrings (what help()
# and doctests show).
i = iter([1])
print(i.__next__.__doc__, '|', list.__iter__.__doc__, '|', int.__add__.__doc__, '|', (1).__radd__.__doc__)
print(object.__init__.__doc__, '|', object.__repr__.__doc__, '|', list.__len__.__doc__)
print(str.__lt__.__doc__, '|', dict.__setitem__.__doc__, '|', object.__hash__.__doc__, '|', int.__neg__.__doc__)
print(property.__get__.__doc__, '|', float.__pow__.__doc__, '|', (2.0).__mul__.__doc__)
class A:
    def __len__(self):
        "mine"
        return 0
print(A.__len__.__doc__, A.__eq__.__doc__)
