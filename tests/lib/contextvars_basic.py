import contextvars
v = contextvars.ContextVar('v', default=1)
w = contextvars.ContextVar('w')
print(v.get(), v.name, w.get(5))
try:
    w.get()
except LookupError as e:
    print("LookupError", type(e.args[0]).__name__)
t = v.set(2)
print(v.get(), t.var is v, t.old_value is contextvars.Token.MISSING, repr(contextvars.Token.MISSING))
ctx = contextvars.copy_context()
print(ctx[v], v in ctx, w in ctx, len(ctx), ctx.get(w, 'no'))
def f(x):
    v.set(x)
    return v.get()
print(ctx.run(f, 10), v.get(), ctx[v])
v.reset(t)
print(v.get())
try:
    v.reset(t)
except RuntimeError as e:
    print("RuntimeError", "used" in str(e))
t2 = w.set('a')
try:
    v.reset(t2)
except ValueError as e:
    print("ValueError", "different ContextVar" in str(e))
c2 = contextvars.Context()
print(len(c2), list(c2.keys()))
def nested():
    try:
        ctx.run(lambda: None)
    except RuntimeError as e:
        print("RuntimeError", "already entered" in str(e))
ctx.run(nested)
try:
    contextvars.ContextVar(1)
except TypeError as e:
    print(e)
class X:
    pass
try:
    class S(contextvars.ContextVar): pass
except TypeError as e:
    print(e)
total = 0
for i in range(3000):
    tok = v.set(i)
    total += v.get()
    v.reset(tok)
print(total, v.get())
print(contextvars.ContextVar[int])
