# The "never awaited" RuntimeWarning goes through the warnings filters:
# catch_warnings records it, an "error" filter makes it an unraisable
# exception; 'async for' chains any error of __anext__'s awaitable.
import gc, sys, warnings

async def foo():
    pass

def collect():
    for _ in range(3):
        gc.collect()

def make_and_drop():
    foo()

with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    make_and_drop()
    collect()
print([(x.category.__name__, str(x.message)) for x in w])

seen = []
old_hook = sys.unraisablehook
sys.unraisablehook = lambda u: seen.append((u.exc_type.__name__, str(u.exc_value), type(u.object).__name__))
with warnings.catch_warnings():
    warnings.filterwarnings("error")
    make_and_drop()
    collect()
sys.unraisablehook = old_hook
print(seen)

class F:
    def __aiter__(self):
        return self
    def __anext__(self):
        return self
    def __await__(self):
        1 / 0

async def main():
    async for _ in F():
        pass

try:
    main().send(None)
except TypeError as e:
    print("TypeError:", e, "| cause:", type(e.__cause__).__name__)
