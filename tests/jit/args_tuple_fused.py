# Calls f(a, b, *args) (BUILD_LIST; LOAD_FAST args; LIST_EXTEND;
# LIST_TO_TUPLE; CALL_FUNCTION_EX), which the JIT records as one virtual
# tuple when args holds a tuple (record_args_tuple): the tuple's length
# changing mid-loop, args rebound to a list, a tuple subclass, a generator,
# an unbound name, the callee seeing the arguments in order, raising
# callees and tracebacks, and keyword arguments beside *args.
import traceback


def collect(*a, **kw):
    return a, kw


def total(x, *rest):
    return x + sum(rest)


class T(tuple):
    pass


def lengths(n):
    acc = 0
    args = (1,)
    for i in range(n):
        if i % 700 == 0:
            args = tuple(range(i // 700))
        acc += total(i, *args)
    return acc


def kinds(n):
    out = []
    args = (1, 2)
    for i in range(n):
        if i == n // 4:
            args = [3, 4, 5]
        elif i == n // 2:
            args = T((6,))
        elif i == 3 * n // 4:
            args = (x for x in (7, 8))
        r = collect(i, 'k', *args)
        if i % (n // 8) == 0 or i == n - 1:
            out.append(r)
    return out


def keywords(n):
    args = ('a', 'b')
    last = None
    for i in range(n):
        last = collect(i, *args, key=i % 3)
    return last


def unbound(n):
    for i in range(n):
        if i == n - 1:
            del args
        else:
            args = (i,)
        try:
            total(i, *args)
        except UnboundLocalError as e:
            return i, str(e)


def raising(n):
    def picky(a, b, c):
        if a == n - 15:
            raise ValueError(a, b, c)
        return a + b + c
    args = (1, 2)
    s = 0
    errors = 0
    for i in range(n):
        try:
            s += picky(i, *args)
        except ValueError as e:
            print('ValueError', e.args)
            print(''.join(traceback.format_exception_only(e)).strip())
        except TypeError as e:
            errors += 1
            if errors == 1:
                print('TypeError', e)
        if i == n - 10:
            args = (1,)
    return s, errors


print(lengths(5000))
for r in kinds(4000):
    print(r)
print(keywords(3000))
print(unbound(2000))
print(raising(2000))
