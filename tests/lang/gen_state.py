def g():
    yield 1
it = g()
print(it.gi_running, it.gi_frame is not None)
print(next(it))
print(list(it), list(it))
print(it.gi_frame)
try:
    next(it)
except StopIteration as e:
    print('again', e.value)
print(next(it, 'dflt'))

def reentrant():
    yield next(me)
me = reentrant()
try:
    next(me)
except ValueError as e:
    print('ValueError', e)

def observe():
    yield me2.gi_running
me2 = observe()
print(next(me2))

def gen_code():
    x = 1
    yield x
print(gen_code.__code__.co_flags & 0x20 != 0)
print(type(gen_code()).__name__)
