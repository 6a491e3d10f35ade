# vexc_exceptions: exceptions raised and caught in hot loops (issue 15's
# "virtual exceptions"): a helper that raises every third call, caught by
# its caller; the EAFP counter (try: d[k] += 1 / except KeyError); a
# `for` loop over a user iterator ended by StopIteration from __next__;
# int(s) in try/except ValueError; an attribute read with an
# AttributeError fallback. Prints the results of each part.


class Odd(Exception):
    pass


def check(i):
    if i % 3 == 0:
        raise Odd(i)
    return i


def helper_raises(n):
    total = caught = 0
    for i in range(n):
        try:
            total += check(i)
        except Odd:
            caught += 1
    return total, caught


def eafp_counter(n):
    d = {}
    for i in range(n):
        k = i % 1000 + i // 7
        try:
            d[k] += 1
        except KeyError:
            d[k] = 1
    return len(d), d[0], d[max(d)]


class Countdown:
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        return self

    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n


def user_iterators(n):
    total = 0
    for j in range(n):
        for x in Countdown(3):
            total += x
    return total


def int_parse(n):
    words = ["12", "x", "7", "abc", "100"]
    total = bad = 0
    for i in range(n):
        try:
            total += int(words[i % 5])
        except ValueError:
            bad += 1
    return total, bad


class WithX:
    def __init__(self):
        self.x = 1


class WithoutX:
    pass


def get_x(o):
    try:
        return o.x
    except AttributeError:
        return 0


def attr_fallback(n):
    objs = [WithX(), WithoutX()]
    total = 0
    for i in range(n):
        total += get_x(objs[i & 1])
    return total


def bench():
    report = [
        "helper_raises %r" % (helper_raises(1200000),),
        "eafp_counter %r" % (eafp_counter(1200000),),
        "user_iterators %r" % (user_iterators(240000),),
        "int_parse %r" % (int_parse(400000),),
        "attr_fallback %r" % (attr_fallback(400000),),
    ]
    return "\n".join(report)


if __name__ == "__main__":
    print(bench())
