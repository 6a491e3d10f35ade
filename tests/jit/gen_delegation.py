# `yield from` chains: a generator suspended in `yield from` on another
# generator passes a resumption straight to it (gen.c, gen_delegate_send)
# instead of running its own frame. What can be seen of the delegating
# generators while the innermost runs, and when it finishes or raises,
# must be CPython's: return values, tracebacks, frames, gi_running,
# gi_yieldfrom, send/throw/close mid-chain, exceptions' context, the
# recursion limit. The consumers loop long enough to be compiled.
import sys
import traceback


class Node:
    def __init__(self, value, left=None, right=None):
        self.value = value
        self.left = left
        self.right = right


def build(lo, hi):
    if lo > hi:
        return None
    mid = (lo + hi) // 2
    return Node(mid, build(lo, mid - 1), build(mid + 1, hi))


def inorder(node):
    if node is not None:
        yield from inorder(node.left)
        yield node.value
        yield from inorder(node.right)


def walks():
    root = build(0, 254)
    acc = 0
    for r in range(40):
        for v in inorder(root):
            acc = (acc * 31 + v + r) & 0xFFFFFFF
    print("walks", acc)
    print("sum", sum(inorder(root)), "list", list(inorder(build(0, 9))))


# return values through every level (StopIteration.value of the outermost)
def leaf(n):
    total = 0
    for i in range(n):
        got = yield i
        if got is not None:
            total += got
    return total + 1000


def middle(n):
    r = yield from leaf(n)
    return r * 2


def top(n):
    r = yield from middle(n)
    yield ("top got", r)
    return r + 1


def returns():
    acc = 0
    for k in range(1500):
        g = top(3)
        items = []
        try:
            x = next(g)
            while True:
                items.append(x)
                x = g.send(k % 5)
        except StopIteration as e:
            acc += e.value + len(items)
    print("returns", acc, items)


# an exception raised in the innermost generator: caught in a middle one,
# or escaping to the consumer with every level in the traceback
class Boom(Exception):
    pass


def raiser(n, at):
    for i in range(n):
        if i == at:
            raise Boom(i)
        yield i


def catcher(n, at):
    try:
        yield from raiser(n, at)
    except Boom as e:
        yield ("caught", e.args[0])
    yield "after"


def passer(n, at):
    yield from raiser(n, at)


def outer_passer(n, at):
    yield from passer(n, at)


def exceptions():
    got = 0
    for k in range(1200):
        got += len(list(catcher(5, k % 7)))
    print("caught items", got)
    for k in range(1200):
        try:
            for _ in outer_passer(5, 3):
                pass
        except Boom as e:
            tb = traceback.extract_tb(e.__traceback__)
            names = [fr.name for fr in tb]
            lines = [fr.lineno for fr in tb]
            context = e.__context__
    print("traceback", names, lines)
    print("context", repr(context))
    # raised while the consumer handles an exception: the context is that one
    try:
        raise KeyError("outer")
    except KeyError:
        try:
            list(outer_passer(5, 2))
        except Boom as e2:
            print("context in handler", repr(e2.__context__))


# the innermost generator looks at the frames and generators above it
def spy(log, holder):
    f = sys._getframe(1)
    log.append((f.f_code.co_name, f.f_back.f_code.co_name if f.f_back else None))
    log.append(("running", holder[0].gi_running))
    yield 1
    log.append(("yieldfrom", holder[0].gi_yieldfrom is holder[1],
                holder[1].gi_yieldfrom is not None))
    f = sys._getframe(1)
    log.append((f.f_code.co_name, f.f_back.f_code.co_name, f.f_lineno))
    log.append(("running", holder[0].gi_running, holder[1].gi_running))
    try:
        next(holder[0])
    except ValueError as e:
        log.append(("reentry", str(e)))
    yield 2


def spy_mid(log, holder):
    yield from spy(log, holder)


def spy_top(log, holder):
    yield from spy_mid(log, holder)


def consume_spy():
    log = []
    holder = []
    g = spy_top(log, holder)
    holder.append(g)
    holder.append(None)
    first = next(g)
    holder[1] = g.gi_yieldfrom
    second = next(g)
    print("spy", first, second, g.gi_running, g.gi_yieldfrom is not None)
    for entry in log[-4:]:
        print("  ", entry)
    print("states", g.gi_frame.f_lineno, g.gi_yieldfrom.gi_frame.f_lineno)
    print("end", list(g), g.gi_frame, g.gi_yieldfrom)


# send, throw and close into the middle of a chain
def echo(log):
    got = []
    try:
        while True:
            x = yield len(got)
            got.append(x)
    except GeneratorExit:
        got.append("exit")
        log.append(got)
        raise
    finally:
        got.append("finally")


log_closed = []


def echo_mid(log):
    try:
        r = yield from echo(log)
    finally:
        log.append("mid finally")
    return r


def control():
    total = 0
    for k in range(1200):
        # an abandoned one is closed when collected: when is not CPython's
        g = echo_mid(log_closed if k % 3 != 2 else [])
        next(g)
        for i in range(k % 4):
            total += g.send(i)
        if k % 3 == 0:
            g.close()
        elif k % 3 == 1:
            try:
                g.throw(Boom("t"))
            except Boom:
                total += 1
        # else: abandoned mid-way, closed when collected
    print("control", total, log_closed[:6], len(log_closed))
    g = echo_mid([])
    next(g)
    g.send("a")
    try:
        g.throw(StopIteration)
    except RuntimeError as e:
        print("throw StopIteration", str(e))


# StopIteration raised inside the innermost generator (PEP 479) and a
# non-None value sent to a just-started delegate
def bad_stop():
    yield 1
    raise StopIteration("bad")


def bad_mid():
    yield from bad_stop()


def starter():
    yield


def fresh_mid():
    yield 0
    yield from starter()


def errors():
    for k in range(1100):
        try:
            for _ in bad_mid():
                pass
        except RuntimeError as e:
            msg = (str(e), repr(e.__cause__))
    print("pep479", msg)
    g = fresh_mid()
    next(g)
    print("fresh", g.send(5))
    try:
        g.send(6)
    except StopIteration as e:
        print("fresh end", e.value)


# a deep chain: RecursionError at the depth where CPython raises it
def chain(n):
    if n == 0:
        yield "bottom"
    else:
        yield from chain(n - 1)


def deep():
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(200)
    try:
        print("depth 150", list(chain(150)))
        g = chain(100)
        print("depth 100 first", next(g))
        print("depth 100 rest", list(g))
        try:
            list(chain(400))
        except RecursionError as e:
            print("depth 400", type(e).__name__)
    finally:
        sys.setrecursionlimit(old)


walks()
returns()
exceptions()
consume_spy()
control()
errors()
deep()
