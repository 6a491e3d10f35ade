x = 1
match match = f(x)
