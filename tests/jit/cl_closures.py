# Calls of several closures of one code at one call site (record.c, "Calls
# by code"): the trace guards the code and reads each function's cells and
# defaults, and snapshots name the function, so that a guard failing inside
# the inlined body rebuilds the frame of the function that pass called.
# Each case runs long enough to be traced in the default and eager modes;
# the results are CPython's.


def make_counters(k):
    counters = []
    for i in range(k):
        def counter(step, base=i):
            state = [base]

            def bump():
                state[0] += step
                return state[0]
            return bump
        counters.append(counter(i + 1))
    return counters


def several(n):
    counters = make_counters(8)
    total = 0
    for i in range(n):
        total += counters[i % 8]()
    return total, [c() for c in counters]


def make_nonlocal(k):
    fs = []
    for i in range(k):
        def outer(i=i):
            count = i

            def inc(by):
                nonlocal count
                count += by
                return count

            def reset(v):
                nonlocal count
                count = v
            return inc, reset
        fs.append(outer())
    return fs


def rebound(n):
    # the cells are rebound by the closures themselves (nonlocal) and by a
    # sibling closure between calls
    fs = make_nonlocal(5)
    total = 0
    for i in range(n):
        inc, reset = fs[i % 5]
        total += inc(i % 3)
        if i % 97 == 0:
            reset(-i)
    return total, [inc(0) for inc, _ in fs]


def with_defaults(n):
    fs = []
    for i in range(6):
        def f(x, y=i * 10, z=i):
            return x + y - z
        fs.append(f)
    total = 0
    for i in range(n):
        f = fs[i % 6]
        if i % 3 == 0:
            total += f(i)              # both defaults
        elif i % 3 == 1:
            total += f(i, 1)           # one default
        else:
            total += f(i, 2, 3)        # none
    # defaults rebound mid-loop: another count, then removed
    for i in range(n):
        f = fs[i % 6]
        if i == n // 3:
            fs[2].__defaults__ = (7,)
        if i == 2 * n // 3:
            fs[4].__defaults__ = None
        try:
            total += f(i)
        except TypeError as e:
            total += 1000
            last = str(e)
    return total, last


def make_scalers(k):
    fs = []
    for i in range(k):
        def make(factor):
            def scale(x):
                y = x * factor     # guard on the type of the product
                return y + factor
            return scale
        fs.append(make(i + 1))
    return fs


def type_change(n):
    # a cell's value turns from int to float, then to str, mid-loop: the
    # guards in the inlined body fail and resume rebuilds the callee's frame
    fs = make_scalers(4)
    cells = [f.__closure__[0] for f in fs]
    out = []
    total = 0
    for i in range(n):
        if i == n // 2:
            cells[1].cell_contents = 2.5
        if i == 3 * n // 4:
            cells[3].cell_contents = 'ab'
        r = fs[i % 4](i if i % 4 != 3 or i < 3 * n // 4 else 2)
        if isinstance(r, str):
            out.append(r)
        else:
            total += r
    return total, len(out), out[:2]


def make_raisers(k):
    fs = []
    for i in range(k):
        def make(limit):
            def check(x):
                if x > limit:
                    raise ValueError('%d > %d' % (x, limit))
                return limit - x
            return check
        fs.append(make(1000 + 300 * i))
    return fs


def raising(n):
    # raised in the inlined body and caught in the loop (a virtual
    # exception: the trace unwinds the inlined frame itself)
    fs = make_raisers(4)
    total = 0
    errors = 0
    for i in range(n):
        try:
            total += fs[i % 4](i)
        except ValueError:
            errors += 1
    try:
        fs[1](n)
    except ValueError as e:
        last = str(e)
    return total, errors, last


def make_deleters(k):
    fs = []
    for i in range(k):
        def make(v):
            def get():
                return v
            def drop():
                nonlocal v
                del v
            return get, drop
        fs.append(make(i))
    return fs


def deleted_cell(n):
    # a cell emptied (del of a nonlocal) under a compiled loop: the read
    # raises NameError, caught each pass
    fs = make_deleters(3)
    total = 0
    misses = 0
    for i in range(n):
        get, drop = fs[i % 3]
        if i == n // 2:
            drop()
        try:
            total += get()
        except NameError as e:
            misses += 1
            msg = str(e)
    return total, misses, msg


def make_recursive(k):
    fs = []
    for i in range(k):
        def make(step):
            def down(x):
                if x <= 0:
                    return 0
                return step + down(x - step)
            return down
        fs.append(make(i + 1))
    return fs


def recursion(n):
    fs = make_recursive(3)
    total = 0
    for i in range(n):
        total += fs[i % 3](i % 7)
    return total


def make_lambdas(k):
    return [lambda x, i=i: x * i + i for i in range(k)]


def lambdas(n):
    fs = make_lambdas(7)
    total = 0
    for i in range(n):
        total += fs[i % 7](i)
    return total


def other_globals(n):
    # one code, two globals dicts: the guard on the globals fails and the
    # other function's global is read
    src = "def make(k):\n    def g():\n        return G + k\n    return g\n"
    ns1 = {'G': 1}
    ns2 = {'G': 1000}
    exec(src, ns1)
    fs = [ns1['make'](1), ns1['make'](2)]
    make2 = type(fs[0])(ns1['make'].__code__, ns2)
    fs.append(make2(3))
    total = 0
    for i in range(n):
        total += fs[i % 3]()
    return total


def make_dec(step, base):
    state = [base]

    def dec():
        state[0] -= step
        return state[0]
    return dec


def code_swapped(n):
    # fn.__code__ rebound mid-loop to another code of the same free
    # variables: the traces watching either code are invalidated
    fs = make_counters(4)
    dec_code = make_dec(1, 0).__code__
    total = 0
    for i in range(n):
        if i == n // 2:
            fs[1].__code__ = dec_code
        total += fs[i % 4]()
    return total


def single(x=1, *, k=2):
    return x * k


def single_defaults_rebound(n):
    # a function of a code of its own (inlined with its defaults as
    # constants): rebinding __defaults__ or __kwdefaults__ invalidates
    total = 0
    for i in range(n):
        if i == n // 3:
            single.__defaults__ = (100,)
        if i == 2 * n // 3:
            single.__kwdefaults__ = {'k': 7}
        total += single()
    return total


print('several', several(5000))
print('rebound', rebound(5000))
print('with_defaults', with_defaults(6000))
print('type_change', type_change(8000))
print('raising', raising(4000))
print('deleted_cell', deleted_cell(4000))
print('recursion', recursion(4000))
print('lambdas', lambdas(5000))
print('other_globals', other_globals(5000))
print('code_swapped', code_swapped(4000))
print('single_defaults_rebound', single_defaults_rebound(6000))
