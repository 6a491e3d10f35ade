# New attributes are added to objects mid-loop (object layouts change).
class P:
    def __init__(self, x):
        self.x = x

objs = []
for i in range(100):
    objs.append(P(i))
total = 0
for i in range(30000):
    o = objs[i % 100]
    if i == 5000:
        for p in objs:
            p.y = 1
    if i == 15000:
        for j in range(0, 100, 2):
            objs[j].z = 'zed'
    total += o.x
    if i >= 5000:
        total += o.y
    if i >= 15000 and hasattr(o, 'z'):
        total += len(o.z)
print(total)
late = P(0)
for i in range(10000):
    setattr(late, 'a' + str(i % 50), i)
print(late.a0, late.a49, late.x, hasattr(late, 'a50'))
