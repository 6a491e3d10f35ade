# ContextVar's name is positional-only.
import contextvars
for a, k in [((), {}), ((1,), {}), (('a',), {'default': 1, 'x': 2}), ((), {'name': 'a'}), (('a',), {'default': 3})]:
    try:
        v = contextvars.ContextVar(*a, **k)
        print(v.name, v.get())
    except TypeError as e:
        print("TypeError:", e)
