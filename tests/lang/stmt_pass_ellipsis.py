def stub(): ...
print(stub())
class Empty: ...
print(Empty.__name__, ... is Ellipsis, type(...).__name__, repr(...))
def doc_only():
    "only a docstring"
print(doc_only(), doc_only.__doc__)
if True:
    pass
else:
    ...
while False: pass
x = [..., Ellipsis]
print(x)
print(bool(...), str(...))
