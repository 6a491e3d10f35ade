# A frame of a function inlined into a loop's trace, found by code a C
# function runs (sorted's key) and kept: it is the frame that goes on
# running (f_lineno moves on, f_locals follow, the same object each time),
# and an exception raised after the frames were found has a complete
# traceback.
import sys
import traceback

N = 3000
kept = []


def grab(x):
    f = sys._getframe(1)
    if f is not sys._getframe(1):
        print("not the same frame object")
    kept.append(f)
    return x


def inner(i):
    a = i * 3
    r = sorted([i], key=grab)[0]
    b = a + r          # line after the call
    kept.append(("mid", kept[-1].f_lineno - kept[-1].f_code.co_firstlineno, sorted(kept[-1].f_locals)))
    return b


def outer(i):
    v = inner(i)
    return v + 1


def kept_loop():
    t = 0
    wrong = 0
    for i in range(N):
        t += outer(i)
        f = kept[-2]
        # the inlined inner() has returned: its frame kept its last line
        # and variables, and its caller is outer's frame
        info = (f.f_code.co_name, f.f_lineno - f.f_code.co_firstlineno,
                sorted((k, v) for k, v in f.f_locals.items() if type(v) is int),
                f.f_back.f_code.co_name)
        if i % 1000 == 5:
            print(info, kept[-1])
        if f.f_locals.get("b") != 4 * i:
            wrong += 1
            if wrong <= 3:
                print("wrong", i, info[0], info[1], info[3], sorted(f.f_locals))
        del kept[:]
    return t, wrong


print(kept_loop())


# raising in the key function after it looked at the frames
def bad_key(x):
    f = sys._getframe(2)
    if x % 700 == 699:
        raise ValueError("at %d in %s" % (x, f.f_code.co_name))
    return x


def r_inner(i):
    return sorted([i], key=bad_key)[0]


def r_outer(i):
    return r_inner(i) * 2


def raise_loop():
    t = 0
    for i in range(N):
        try:
            t += r_outer(i)
        except ValueError as e:
            tb = traceback.extract_tb(e.__traceback__)
            print(e, [(fs.name, fs.lineno) for fs in tb])
    return t


print(raise_loop())


# a generator's frame made from an inlined function: gi_frame.f_back while
# it runs is the frame that resumed it
def gen_body(n):
    for k in range(n):
        yield sys._getframe(1).f_code.co_name


def gen_user(i):
    return list(gen_body(2))


def gen_loop():
    names = {}
    for i in range(N):
        for name in gen_user(i):
            names[name] = names.get(name, 0) + 1
    return sorted(names.items())


print(gen_loop())
