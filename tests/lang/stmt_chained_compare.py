calls = []
def v(x):
    calls.append(x)
    return x
print(v(1) < v(2) < v(3), calls); calls.clear()
print(v(1) < v(0) < v(3), calls); calls.clear()
print(v(3) > v(2) >= v(2) == v(2) != v(5), calls); calls.clear()
print(1 < 2 > 1.5, 1 == 1.0 == True, 'a' < 'b' < 'c')
x = 5
print(0 <= x < 10, 0 <= x < 3, x in [5] in [[5]])
a = [1]
b = a
print(a is b is a, a == b == [1], None is None is None)
def side(label, val):
    print('eval', label)
    return val
print(side('a', 1) < side('b', 2) < side('c', 0) < side('d', 5))
print((1 < 2) < 3, 1 < (2 < 3))
try:
    1 < 'a' < 2
except TypeError as e:
    print(e)
print(2 in [1, 2] == True)
