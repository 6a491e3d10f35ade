# dir() with no argument lists the local namespace, which eval/exec may
# give as any mapping (its keys()), not only a dict.
class M:
    def __getitem__(self, key):
        if key == 'a':
            return 12
        raise KeyError
    def keys(self):
        return list('xyz')
m = M()
g = globals()
print(eval('a', g, m))
try: eval('b', g, m)
except NameError as e: print("NameError", e)
print(eval('dir()', g, m))
class D(dict):
    def __getitem__(self, key):
        if key == 'a':
            return 12
        return dict.__getitem__(self, key)
    def keys(self):
        return list('xyz')
d = D()
print(eval('a', g, d))
try: eval('b', g, d)
except NameError as e: print("NameError", e)
print(eval('dir()', g, d))
print(eval('locals()', g, d) is d)
