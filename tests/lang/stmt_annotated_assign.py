x: int = 5
print(x)
y: str
try:
    y
except NameError as e:
    print(e)
print(__annotations__)
class C:
    a: int
    b: str = 'bee'
    c: 'list[int]' = []
print(C.__annotations__, C.b, hasattr(C, 'a'))
lst = [0]
lst[0]: int = 9
print(lst)
class O: pass
o = O()
o.attr: float = 1.5
print(o.attr)
(z): int = 3
print(z, sorted(__annotations__))
