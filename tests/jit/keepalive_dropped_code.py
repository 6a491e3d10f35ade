# Code and function objects that only compiled traces name (snapshot
# frames and position descriptors are atomic records; Trace.keepalive keeps
# what they name): inlined functions made on the fly (exec'd code,
# closures) that the program drops, memory reused after collections, then
# guard failures and tracebacks inside their inlined frames.
import gc
import traceback


def churn():
    # reuse the memory of what the collector freed: objects of the sizes
    # of functions, code objects and their strings
    junk = []
    for k in range(300):
        ns = {}
        exec("def g%d(a, b):\n    return a * %d + b\n" % (k, k), ns)
        junk.append(ns)
    return len(junk)


def make_adder(k):
    src = "def add(x):\n    if x %% 97 == 96:\n        return str(x + %d)\n    return x + %d\n" % (k, k)
    ns = {}
    exec(compile(src, "<adder %d>" % k, "exec"), ns)
    return ns["add"]


def drive(n):
    add = make_adder(3)
    total = 0
    for i in range(n):
        r = add(i)
        if type(r) is str:
            total += len(r)
        else:
            total += r
        if i == 200:
            add = make_adder(5)
            gc.collect()
            churn()
    return total


def closures(n):
    out = []
    for round_ in range(4):
        scale = round_ + 1
        def step(x, scale=scale):
            if x > 150:
                return x * scale + 0.5
            return x * scale
        acc = 0
        for i in range(n):
            acc += step(i)
        out.append(acc)
        del step
        gc.collect()
        churn()
    return out


def raising(n):
    def inner(x):
        if x == n - 3:
            raise ValueError("at %d" % x)
        return x
    caught = 0
    for i in range(n):
        try:
            caught += inner(i)
        except ValueError as e:
            caught += len(str(e))
            gc.collect()
            churn()
            print(traceback.format_exc().replace(__file__, "FILE"))
    return caught


for n in (300, 1000):
    print(drive(n))
    print(closures(n))
    print(raising(n))
    gc.collect()


def fresh_code(n):
    # one code object per round, dropped after it: only the trace names it
    total = 0
    for round_ in range(3):
        ns = {}
        exec("def h(x):\n    if x %% 50 == 49:\n        raise KeyError(x)\n    return x + %d\n" % round_, ns)
        h = ns.pop("h")
        for i in range(n):
            try:
                total += h(i)
            except KeyError:
                total += 1
                if i == 99:
                    print(traceback.format_exc().replace(__file__, "FILE"))
        del h, ns
        gc.collect()
        churn()
    return total


print(fresh_code(400))
