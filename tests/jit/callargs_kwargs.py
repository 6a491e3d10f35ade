# Calls with keyword arguments, defaults, *args and **kwargs whose callee
# the JIT inlines, where the packed tuple and dict stay virtual (never
# allocated) until something needs them: guards failing in the middle of
# a loop over kwargs (values changing type), the dict escaping (returned,
# stored, mutated, passed on), dict displays of constant str keys (len,
# iteration, indexing, a missing key), duplicate and non-str keys, order.
# Compared with CPython's output in the three JIT modes.
import zlib

def show(name, results):
    print(name, len(results), zlib.crc32(repr(results).encode()), results[-6:])

def count_kwargs(**kwargs):
    s = 0
    for k in kwargs:
        s += kwargs[k]
    return s + len(kwargs)

def keys_of(**kw):
    return [k for k in kw]

def mixed(a, b=2, *rest, **opts):
    return a + b + len(rest) + len(opts)

def escape(**kw):
    return kw

def mutate(**kw):
    kw['z'] = len(kw)
    del kw['a']
    return sorted(kw.items())

def get_default(**kw):
    return kw.get('b', 'none'), kw.get('q', 'none'), 'a' in kw, 'q' in kw

def missing(**kw):
    try:
        return kw['nope']
    except KeyError as e:
        return 'KeyError %s' % e

def items_sum(**kw):
    t = 0
    for k, v in kw.items():
        t += v
    return t

def inner(**kw):
    return count_kwargs(**kw) * 2

def kwonly(a, *, b, c=5, **rest):
    return a, b, c, sorted(rest)

values = [1, 2, 3, 2.5, 'x', None, 7, -1, 10 ** 20, True]

def loop_counts(n):
    out = []
    for i in range(n):
        v = values[i % len(values)] if i > n - 40 else i
        try:
            out.append(count_kwargs(a=v, b=2))
        except TypeError as e:
            out.append('TypeError')
    return out

def loop_misc(n):
    out = []
    for i in range(n):
        out.append(keys_of(c=i, a=1, b=2))
        out.append(mixed(i))
        out.append(mixed(i, 3, 4, 5, flag=1))
        d = escape(x=i, y=i + 1)
        out.append(d)
        out.append(mutate(a=i, b=2))
        out.append(get_default(a=i, b=i * 2))
        out.append(missing(a=i))
        out.append(items_sum(a=i, b=1, c=2))
        out.append(inner(p=i, q=2))
        out.append(kwonly(i, b=2, x=1, w=3))
        out.append(kwonly(i, c=9, b=1))
    return out

def displays(n):
    out = []
    for i in range(n):
        d = {'a': i, 'b': 2, 'c': 3}
        s = 0
        for k in d:
            s += d[k]
        out.append(s + len(d))
        dup = {'a': 1, 'a': i}
        out.append(len(dup) + dup['a'])
        mixedkeys = {1: 'one', 'a': i}
        out.append((len(mixedkeys), mixedkeys[1]))
        e = {'x': i}
        if i % 97 == 5:
            e['y'] = 1
        out.append(sorted(e))
        try:
            out.append(d['zz'])
        except KeyError:
            out.append('KeyError')
    return out

def guard_fail_in_iteration(n):
    # the loop over kwargs is unrolled into the caller's trace; the value
    # type changes at i == n - 3 in the middle of the unrolled iteration,
    # so the guard that fails has the virtual dict and its virtual
    # iterator in its frame and resume must build both
    out = []
    for i in range(n):
        b = 2 if i < n - 3 else 2.5
        out.append(count_kwargs(a=i, b=b, c=3))
    return out

def order(n):
    out = []
    for i in range(n):
        out.append(list(escape(z=1, a=2, m=i).items()))
    return out

def rewrite_values(**kw):
    for k in kw:
        kw[k] = k * 2
    return list(kw.items())

def delete_while_iterating(**kw):
    try:
        for k in kw:
            del kw[k]
    except RuntimeError as e:
        return 'RuntimeError %s' % e
    return 'no error'

def partial_iter(**kw):
    it = iter(kw)
    first = next(it)
    return first, list(it), len(kw)

class Holder:
    pass

def stash(h, **kw):
    h.kw = kw
    return len(kw)

def escapes(n):
    out = []
    h = Holder()
    for i in range(n):
        out.append(rewrite_values(a=i, bb=2))
        out.append(delete_while_iterating(a=i, b=2))
        out.append(partial_iter(x=1, y=i, z=3))
        out.append(stash(h, p=i, q=[i]))
        out.append(sorted(h.kw.items()))
    return out

N = 3000
show('counts', loop_counts(N))
show('misc', loop_misc(N))
show('displays', displays(N))
show('guard_fail', guard_fail_in_iteration(N))
show('order', order(N))
show('escapes', escapes(N))
