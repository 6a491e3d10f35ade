# sys.addaudithook/sys.audit: the hook rules of PEP 578
import sys

seen = []
WATCH = None


def hook1(event, args):
    if WATCH is not None and event in WATCH:
        seen.append((event, args))
        if event == "block.me":
            raise RuntimeError("blocked " + event)


sys.addaudithook(hook1)
WATCH = {"test.event", "block.me", "sys.addaudithook"}
sys.audit("test.event", 1, "two", (3,))
print(seen.pop())
try:
    sys.audit("block.me", 5)
except RuntimeError as e:
    print("RuntimeError", e)
print(seen.pop())

# a hook refused with an Exception is not added, silently
class Refuse:
    def __init__(self, exc):
        self.exc = exc
        self.on = True

    def __call__(self, event, args):
        if self.on and event == "sys.addaudithook":
            raise self.exc("no")


r = Refuse(RuntimeError)
sys.addaudithook(r)
print(seen.pop())
second = []
sys.addaudithook(lambda e, a: second.append(e))
print(seen.pop(), second)
r.on = False
# a BaseException propagates
r2 = Refuse(KeyboardInterrupt)
sys.addaudithook(r2)
try:
    sys.addaudithook(lambda e, a: None)
except KeyboardInterrupt as e:
    print("KeyboardInterrupt propagated")
r2.on = False

# argument checks
for bad in [(), (1,)]:
    try:
        sys.audit(*bad)
    except TypeError as e:
        print("TypeError", e)

# __cantrace__: hooks run untraced unless they say so
traced = []


class TH:
    def __call__(self, event, args):
        pass


th = TH()
sys.addaudithook(th)


def trace(frame, event, arg):
    if frame.f_code is TH.__call__.__code__:
        traced.append(event)


sys.settrace(trace)
sys.audit("x")
th.__cantrace__ = True
sys.audit("y")
th.__cantrace__ = 0
sys.audit("z")
sys.settrace(None)
print("traced", traced)

# exec/eval/compile
WATCH = {"exec", "compile"}
seen.clear()
eval("1 + 2")
exec("x = 3")
code = compile("y = 4", "<f>", "exec")
exec(code)
for e, a in seen:
    print(e, [type(x).__name__ if e == "exec" else x for x in a])
