class Grid:
    size = 3
    cells = [[0, 0, 0] for _ in range(size)]
    flat = [c for row in cells for c in row]
    try:
        bad = [[0] * size for _ in range(size)]
    except NameError as e:
        bad = str(e)
print(Grid.cells, len(Grid.flat), Grid.bad)
class Lookup:
    keys = ['a', 'b']
    mapping = {k: i for i, k in enumerate(keys)}
print(Lookup.mapping)
class Uses:
    base = 10
    try:
        vals = [base + i for i in range(3)]
    except NameError as e:
        vals = 'NameError: ' + str(e)
print(Uses.vals)
def func():
    base = 5
    class Inner:
        vals = [base + i for i in range(3)]
    return Inner.vals
print(func())
