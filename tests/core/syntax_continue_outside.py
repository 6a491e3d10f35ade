def f():
    continue
f()
