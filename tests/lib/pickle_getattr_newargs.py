# object.__reduce_ex__ looks __getnewargs_ex__/__getnewargs__ up on the type,
# so an instance __getattr__ (even one that recurses for ever) is not asked.
import pickle, copy
class BadGetattr:
    def __getattr__(self, key):
        self.foo
x = BadGetattr()
for proto in range(2, pickle.HIGHEST_PROTOCOL + 1):
    print(proto, type(pickle.loads(pickle.dumps(x, proto))).__name__)
class G:
    def __getattr__(self, k):
        return lambda: ("from getattr", k)
print(type(copy.copy(G())).__name__)
class N(int):
    def __getnewargs__(self): return (int(self) * 2,)
print(pickle.loads(pickle.dumps(N(21), 2)))
