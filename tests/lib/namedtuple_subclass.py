from collections import namedtuple

class Point(namedtuple('Point', 'x y')):
    __slots__ = ()

    @property
    def hypot(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5

    def __str__(self):
        return 'Point: x=%6.3f  y=%6.3f  hypot=%6.3f' % (self.x, self.y, self.hypot)

for p in Point(3, 4), Point(14, 5 / 7):
    print(p)
print(repr(Point(3, 4)), Point(3, 4)._replace(x=0), type(Point(3, 4)._replace(x=0)).__name__)
print(Point._make([6, 8]).hypot, Point.__mro__[1].__name__)

class Card(namedtuple('Card', 'rank suit')):
    RANKS = '23456789TJQKA'
    def __lt__(self, other):
        return self.RANKS.index(self.rank) < self.RANKS.index(other.rank)
hand = [Card('K', 's'), Card('3', 'h'), Card('A', 'd'), Card('T', 'c')]
print(sorted(hand), min(hand), max(hand).suit)

Point3D = namedtuple('Point3D', Point._fields + ('z',))
print(Point3D(1, 2, 3), Point3D._fields)

Account = namedtuple('Account', 'owner balance transaction_count')
default_account = Account('<owner name>', 0.0, 0)
johns = default_account._replace(owner='John')
print(johns, default_account)
Book = namedtuple('Book', ['id', 'title', 'authors'])
books = [Book(1, 'A', ('x',)), Book(2, 'B', ('y', 'z'))]
print([b.title for b in books if len(b.authors) > 1], dict((b.id, b) for b in books)[2].title)
pairs = [Point(i, i * i) for i in range(4)]
print(pairs, [p.y for p in pairs], sum(p.x for p in pairs))
