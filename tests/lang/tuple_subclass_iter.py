# A tuple subclass's own iterator (tuple.__iter__) gives its items, never
# calling the subclass's __getitem__ or __len__ (platform.uname_result
# relies on it: its __getitem__ iterates the tuple).
import operator

class Lazy(tuple):
    def __getitem__(self, key):
        return tuple(self)[key]
    def __len__(self):
        return super().__len__() + 1
    def __iter__(self):
        yield from super().__iter__()
        yield "extra"

t = Lazy((1, 2, 3))
print(t[0], t[-1], t[1:], len(t))
it = tuple.__iter__(t)
print(operator.length_hint(it), list(it), operator.length_hint(it))
print(list(t), tuple(t), sorted(map(str, t)))
total = 0
for _ in range(200):
    for x in tuple.__iter__(t):
        total += x
print(total)

# __new__ of a builtin type on a type it does not create
for new, sub in ((int.__new__, bool), (object.__new__, dict), (tuple.__new__, type(iter(())))):
    try:
        new(sub)
    except TypeError as e:
        print(e)

class MyInt(int):
    pass
class MyMyInt(MyInt):
    def __new__(cls, v):
        return super().__new__(cls, v * 2)
print(int.__new__(MyInt, 7), int.__new__(MyMyInt, 7), MyMyInt(7), object.__new__(type("X", (), {})).__class__.__name__)
