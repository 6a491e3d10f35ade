# a subclass of the left operand's type that overrides the operator is tried
# first, for builtin subclasses as well as user classes
from collections import defaultdict, OrderedDict, Counter
r = {1: 2} | defaultdict(int)
print(type(r).__name__, r, r[5], r)
r = {1: 2} | defaultdict(list, {3: [4]})
print(type(r).__name__, dict(r))
print(type(defaultdict(int) | {1: 2}).__name__)
print(type({1: 2} | OrderedDict(a=1)).__name__, {1: 2} | OrderedDict(a=1))
class D(dict):
    def __ror__(self, other):
        return 'D.__ror__'
print({1: 2} | D())
class L(list):
    def __radd__(self, other):
        return 'L.__radd__'
print([1] + L([2]))
class I(int):
    def __rsub__(self, other):
        return 'I.__rsub__'
print(5 - I(3))
class Plain(dict):
    pass
print(type({1: 2} | Plain(a=1)).__name__)
print(Counter('ab') + Counter('b'))
