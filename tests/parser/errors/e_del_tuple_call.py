del a, f()
