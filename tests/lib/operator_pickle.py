# pickling and copying operator.itemgetter/attrgetter/methodcaller
import copy
import operator
import pickle


class P:
    x = type('X', (), {'y': 5})
    z = 7

    def f(self, *a, **k):
        return ('f', a, sorted(k.items()))


for o in [operator.itemgetter(1), operator.itemgetter(1, 'a'), operator.attrgetter('x.y', 'z'),
          operator.methodcaller('f'), operator.methodcaller('f', 1, 2), operator.methodcaller('f', 1, k=3)]:
    for proto in range(pickle.HIGHEST_PROTOCOL + 1):
        r = pickle.loads(pickle.dumps(o, proto))
        assert repr(r) == repr(o), (proto, r, o)
    print(repr(o), repr(copy.copy(o)), repr(copy.deepcopy(o)), type(o.__reduce__()[0]).__name__)
print(pickle.loads(pickle.dumps(operator.attrgetter('x.y', 'z')))(P), pickle.loads(pickle.dumps(operator.methodcaller('f', 1, k=3)))(P()))
print(pickle.loads(pickle.dumps(operator.itemgetter(1, 'a')))({1: 'one', 'a': 'A'}))
