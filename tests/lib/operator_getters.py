from operator import itemgetter, attrgetter, methodcaller

g = itemgetter(1)
print(g('abc'), g([10, 20]), g((7, 8)), itemgetter('k')({'k': 5}), itemgetter(0, 2)('abc'), itemgetter(slice(1, 3))('hello'))
print(g, itemgetter(1, 'a'), itemgetter(-1)([1, 2, 3]))
rows = [('b', 2, 9.0), ('a', 2, 1.5), ('c', 1, 3.0)]
print(sorted(rows, key=itemgetter(1)), sorted(rows, key=itemgetter(1, 0)), max(rows, key=itemgetter(2)))
print(list(map(itemgetter(0), rows)), [itemgetter(1, 2)(r) for r in rows])

class P:
    def __init__(self, name, age, boss=None):
        self.name = name
        self.age = age
        self.boss = boss
    def greet(self, greeting='hi', punct='!'):
        return '%s %s%s' % (greeting, self.name, punct)
    def __repr__(self):
        return 'P(%s)' % self.name
boss = P('zed', 60)
people = [P('ann', 30, boss), P('bob', 25, boss), P('cat', 35)]
print(sorted(people, key=attrgetter('age')), attrgetter('name', 'age')(people[0]), attrgetter('boss.name')(people[1]))
print(attrgetter('name'), attrgetter('a.b', 'c'), attrgetter('name.upper')(people[0])())
print(list(map(methodcaller('greet'), people)), methodcaller('greet', 'yo')(boss), methodcaller('greet', punct='?')(boss))
print(methodcaller('upper')('abc'), methodcaller('split', ',')('a,b'), methodcaller('f', 1, x=2), methodcaller('g'))
print(sorted(['b', 'A', 'c'], key=methodcaller('lower')), list(map(methodcaller('count', 'a'), ['aa', 'ba', 'c'])))
for bad in [lambda: itemgetter(), lambda: itemgetter(5)([1]), lambda: itemgetter('x')({}), lambda: itemgetter(1)(),
            lambda: itemgetter(1)(1, 2), lambda: attrgetter(1), lambda: attrgetter('zz')(boss),
            lambda: attrgetter('boss.boss.name')(boss), lambda: methodcaller(), lambda: methodcaller(1),
            lambda: methodcaller('nope')(boss), lambda: itemgetter(0)(5)]:
    try:
        print(bad())
    except Exception as e:
        print(type(e).__name__, e)
