# Tuple comparison, sorting by tuples, tuples as records.
people = [('Alice', 30, 'NY'), ('Bob', 25, 'LA'), ('Carol', 30, 'SF'), ('Dave', 25, 'NY')]
for person in sorted(people):
    print(person)
def age_then_name(p):
    return (p[1], p[0])
for person in sorted(people, key=age_then_name):
    print(person)
print(max(people), min(people))
counts = {}
for name, age, city in people:
    key = (age, city)
    counts[key] = counts.get(key, 0) + 1
print(counts)
print(sorted(counts.items()))
a, b, c = 1, 2, 3
a, b, c = c, a, b
print(a, b, c)
vals = [3, 1, 2]
vals[0], vals[2] = vals[2], vals[0]
print(vals)
print((1, 2, 3) < (1, 2, 4) < (1, 3), (0, 'z') < (1, 'a'))
print(tuple(range(5))[1::2], (1, 2) + (3,) * 2)
empty = ()
print(len(empty), bool(empty), bool((0,)), empty == ())
