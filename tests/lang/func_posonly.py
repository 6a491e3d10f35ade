def p(x, y=2, /, z=3):
    return x, y, z
print(p(1), p(1, 5), p(1, 5, 6), p(1, z=9))
try:
    p(x=1)
except TypeError as e:
    print(e)

def kw_collide(a, /, **kw):
    return a, kw
print(kw_collide(1, a=2))

def only(a, b, /):
    return a - b
print(only(10, 3))
try:
    only(1, b=2)
except TypeError as e:
    print(e)
try:
    only(1)
except TypeError as e:
    print(e)
try:
    only(1, 2, 3)
except TypeError as e:
    print(e)
