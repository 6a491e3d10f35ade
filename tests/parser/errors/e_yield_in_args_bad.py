f(yield x)
