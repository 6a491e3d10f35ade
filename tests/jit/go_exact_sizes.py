# Objects of every small size keep what their last word holds.
#
# Scanned objects are allocated at their exact size (src/gc/gc.c,
# exact_kind): no slack after the last item, and the collector must trace
# the last word. Here the only reference to each target is the last item
# of a tuple, list, instance attribute or set, for sizes across the small
# size classes and past the 2048-byte one; many collections run between
# making and checking them (allocation in a hot loop, as in bench/go.py:
# objects built in a loop and compared in a loop), in the three JIT modes.
import gc


class Target:
    def __init__(self, n):
        self.n = n


class Holder:
    pass


def make_tuple(n, base):
    items = list(range(base, base + n - 1))
    items.append(Target(base + n))
    return tuple(items)


def make_list(n, base):
    out = list(range(base, base + n - 1))
    out.append(Target(base + n))
    return out


def make_holder(nattrs, base):
    h = Holder()
    for i in range(nattrs - 1):
        setattr(h, "a%d" % i, i)
    h.last = Target(base + nattrs)
    return h


def churn(rounds):
    # short-lived objects between the collections, as a board search makes
    total = 0
    for r in range(rounds):
        junk = [(i, [i], {i}) for i in range(2000)]
        total += len(junk)
    return total


def check_tuple(t, n, base):
    if len(t) != n or type(t[-1]) is not Target or t[-1].n != base + n:
        return False
    return n == 1 or t[0] == base


def main():
    sizes = list(range(1, 70)) + [126, 127, 128, 254, 255, 256, 300, 511, 512]
    tuples, lists, holders, sets = [], [], [], []
    for rep in range(20):
        base = rep * 1000
        for n in sizes:
            tuples.append((n, base, make_tuple(n, base)))
            lists.append((n, base, make_list(n, base)))
        for k in range(1, 40):
            holders.append((k, base, make_holder(k, base)))
        s = set(range(base, base + 20))
        s.add(Target(base))
        sets.append((base, s))
    print("churn", churn(40))
    gc.collect()
    print("churn", churn(40))
    bad = 0
    for n, base, t in tuples:
        if not check_tuple(t, n, base):
            bad += 1
    for n, base, lst in lists:
        if len(lst) != n or type(lst[-1]) is not Target or lst[-1].n != base + n:
            bad += 1
    for k, base, h in holders:
        if type(h.last) is not Target or h.last.n != base + k:
            bad += 1
    for base, s in sets:
        targets = [x for x in s if type(x) is Target]
        if len(s) != 21 or len(targets) != 1 or targets[0].n != base:
            bad += 1
    print("tuples", len(tuples), "lists", len(lists), "holders", len(holders), "sets", len(sets))
    print("bad", bad)


main()
