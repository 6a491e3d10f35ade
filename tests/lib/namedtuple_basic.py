from collections import namedtuple

Point = namedtuple('Point', ['x', 'y'])
p = Point(11, y=22)
print(p, p.x, p.y, p[0], p[1], p[-1], p[:1], len(p))
x, y = p
print(x + y, p + (1,), p * 2, tuple(p), list(p))
print(Point._fields, p._asdict(), p._replace(y=5), Point._make([1, 2]), Point._make(range(2)))
print(p == (11, 22), p == Point(11, 22), p != Point(1, 2), p < Point(12, 0))
print(isinstance(p, tuple), type(p).__name__, Point.__name__, Point.__doc__, Point.x.__doc__, Point.__module__)
print(Point, p.count(11), p.index(22), 11 in p, sorted([Point(2, 1), Point(1, 9), Point(1, 3)]))
print({p: 'a'}[Point(11, 22)], max(Point(1, 2), Point(1, 3)))
Color = namedtuple('Color', 'red green blue')
print(Color(255, 128, 0), Color._fields)
Row = namedtuple('Row', 'id, name,score')
rows = [Row(1, 'ann', 9.5), Row(2, 'bob', 7.25)]
for r in rows:
    print('%(id)d %(name)s %(score).1f' % r._asdict(), r.name.upper())
print(sum(r.score for r in rows), [r._replace(score=0) for r in rows])
Empty = namedtuple('Empty', '')
print(Empty(), Empty._fields, len(Empty()))
One = namedtuple('One', 'value')
print(One(1), One._make('a'), One(value=[1, 2]))
try:
    p.x = 5
except AttributeError as e:
    print('AttributeError', e)
print(Point.__new__.__doc__)
print(Point.__match_args__, Point._field_defaults)
