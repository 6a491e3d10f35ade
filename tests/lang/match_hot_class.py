# Class and mapping patterns in hot loops (the JIT calls MATCH_CLASS and
# MATCH_KEYS from compiled code), with changes after compilation: the
# class's __match_args__ reassigned, instances lacking an attribute, an
# attribute whose property starts raising, a dict subclass whose get()
# answers differently, a non-type in a class pattern.

class V:
    __match_args__ = ('a', 'b')
    def __init__(self, a, b):
        self.a = a
        self.b = b

class W(V):
    @property
    def b(self):
        if self.a % 1000 == 995:
            raise LookupError('b of %d' % self.a)
        return -self.a

    @b.setter
    def b(self, v):
        pass

def classes(n):
    hits = {}
    errors = 0
    for i in range(n):
        if i == 2000:
            V.__match_args__ = ('b', 'a')
        obj = V(i, i % 3) if i % 5 else W(i, 0)
        if i % 7 == 0 and i > 1000:
            del obj.a
        try:
            match obj:
                case W(a, b) if a + b == 0:
                    k = 'W'
                case V(0, x):
                    k = 'first zero'
                case V(x, 1):
                    k = 'second one'
                case V(a=x, b=y) if x == y:
                    k = 'equal'
                case V(b=2):
                    k = 'b is 2'
                case V():
                    k = 'plain V'
        except LookupError as e:
            k = 'error'
            errors += 1
        hits[k] = hits.get(k, 0) + 1
    V.__match_args__ = ('a', 'b')
    return sorted(hits.items()), errors

print(classes(4000))

class D(dict):
    flip = False
    def get(self, key, default=None):
        if D.flip and key == 'x':
            return default
        return dict.get(self, key, default)

def mappings(n):
    total = 0
    kinds = {}
    for i in range(n):
        if i == 2500:
            D.flip = True
        m = D(x=i, y=(i // 2) % 4) if i % 2 else {'x': i, 'z': 1}
        match m:
            case {'x': x, 'y': 0}:
                k = 'y0'
                total += x
            case {'x': x, **rest} if len(rest) == 1:
                k = 'x and one more'
                total += x % 10
            case {'y': y}:
                k = 'y only'
                total += y
            case _:
                k = 'no'
        kinds[k] = kinds.get(k, 0) + 1
    return total, sorted(kinds.items())

print(mappings(4000))

def bad_class(n):
    out = []
    cls = int
    for i in range(n):
        if i == 3000:
            cls = 'not a type'
        try:
            match i:
                case cls(v) if v < 0:
                    out.append(v)
        except TypeError as e:
            out.append(str(e))
            break
    return out

print(bad_class(4000))
