from collections import OrderedDict

od = OrderedDict()
od['b'] = 2; od['a'] = 1; od['c'] = 3
print(od, list(od), list(od.keys()), list(od.values()), list(od.items()))
od.move_to_end('b'); print(od)
od.move_to_end('c', last=False); print(od)
od.move_to_end('c'); od.move_to_end('c'); print(od)
print(od.popitem(), od)
print(od.popitem(last=False), od)
od['z'] = 26; od['a'] = 100; print(od)
print(OrderedDict([('x', 1), ('y', 2)]), OrderedDict(a=1, b=2), OrderedDict({'k': 'v'}), OrderedDict())
print(OrderedDict.fromkeys('abc'), OrderedDict.fromkeys('ab', 0))
od = OrderedDict.fromkeys('abcde')
od.pop('c'); del od['a']; print(od, len(od), 'b' in od, 'a' in od)
print(od.setdefault('b', 9), od.setdefault('q', 9), od)
od.update([('b', 'B'), ('new', 1)], e='E'); print(od)
print(list(reversed(od)), od.get('nope'), od.copy(), type(od.copy()).__name__)
print(od.keys(), od.values(), od.items())
print(isinstance(od, dict), type(od).__name__, OrderedDict.__module__)
# LRU built on move_to_end
class LRU(OrderedDict):
    def __init__(self, cap):
        super().__init__()
        self.cap = cap
    def get_(self, k):
        if k not in self:
            return None
        self.move_to_end(k)
        return self[k]
    def put(self, k, v):
        self[k] = v
        self.move_to_end(k)
        if len(self) > self.cap:
            self.popitem(last=False)
c = LRU(2)
c.put(1, 'one'); c.put(2, 'two'); c.get_(1); c.put(3, 'three')
print(c, c.get_(2), list(c))
for bad in [lambda: OrderedDict().popitem(), lambda: OrderedDict(a=1).move_to_end('b'),
            lambda: OrderedDict(1, 2), lambda: OrderedDict(1), lambda: OrderedDict(a=1).pop('x'),
            ]:
    try:
        print(bad())
    except (KeyError, TypeError) as e:
        print(type(e).__name__, e)
