x = 5
x += 3; x -= 1; x *= 4; x //= 3; x %= 5; x **= 3
print(x)
f = 7.0
f /= 2
print(f)
b = 0b1100
b &= 0b1010; print(b)
b |= 1; print(b)
b ^= 0b11; print(b)
b <<= 3; print(b)
b >>= 2; print(b)
l = [1]
l2 = l
l += [2]
print(l, l2, l is l2)
t = (1,)
t2 = t
t += (2,)
print(t, t2)
s = 'a'
s *= 3
print(s)
d = {'k': [1]}
d['k'] += [2]
d['n'] = d.get('n', 0) + 1
print(d)
class O: pass
o = O(); o.v = 10
o.v -= 4
print(o.v)
idx_calls = []
def idx():
    idx_calls.append(1)
    return 0
arr = [10]
arr[idx()] += 5
print(arr, len(idx_calls))
tup = ([1],)
try:
    tup[0] += [2]
except TypeError as e:
    print(e, tup)
