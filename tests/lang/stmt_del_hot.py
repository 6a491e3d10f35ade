d = {}
for i in range(30000):
    d[i] = i
    if i % 3 == 0:
        del d[i]
print(len(d), sum(d))
lst = list(range(1000))
while len(lst) > 10:
    del lst[::2]
print(lst)
class O:
    pass
o = O()
cnt = 0
for i in range(20000):
    o.a = i
    if i % 2:
        del o.a
    cnt += hasattr(o, 'a')
print(cnt)
