s = "hello world"
u = "héllo wörld ñ€𝄞x"
for t in (s, u, "", "a"):
    print(t[::-1], t[1:4], t[::2], t[-3:], t[:-3], t[5:1:-1], t[::-3], t[100:], t[-100:2], t[1::5], t[::7], t[3:3])
    print(t[::-2], t[len(t)-1::-2], t[-1::-4], t[2:8:3])
l = list(range(10))
print(l[::-1], l[2:5], l[::3], l[8:2:-2], l[:-20], l[20:])
l[:3] = l[2::-1]; print(l)
l[1:3] = (7, 8, 9); print(l)
l[::2] = list(range(6)); print(l)
try:
    l[::2] = [1]
except ValueError as e: print(e)
try:
    print(s[::0])
except ValueError as e: print(e)
l[2:4] = "ab"; print(l)
l[:] = l; print(l)
tp = tuple(range(6)); print(tp[::-1], tp[1:3], tp[:])
class S(str): pass
x = S("abcdef"); print(type(x[:]).__name__, x[::-1], x[1:3])
class L(list): pass
y = L([1,2,3]); print(type(y[:]).__name__, y[::-1])
print("a" in "abc", "d" in "abc", "" in "abc", "é" in u, "ab" in "xaby", "x" not in "abc")
print(u[1], u[-1], u[-2], s[-1])
try: s[100]
except IndexError as e: print(e)
big = 10**30
print(s[-big:big], s[big:], l[-big:big:1])
def g(): yield 5; yield 6
l[0:1] = g(); print(l)
# the same slices in a loop (hot enough for the JIT)
acc = []
for i in range(300):
    w = u if i % 2 else s
    acc.append(w[i % 5:][::-1][:3] + w[-(i % 7):] + w[::(i % 3) + 1])
    ll = list(range(i % 9))
    ll[:2] = ll[1::-1]
    acc.append(str(ll[::-1]) + str(tuple(ll)[1::2]))
print(len("".join(acc)), acc[-4:])
for bad in (1.5, "x"):
    try:
        print(s[bad:])
    except TypeError as e:
        print(e)
class I:
    def __index__(self): return 2
print(s[I():], l[I():5], u[::I()], s[:I()], tuple(l)[I()::I()])
