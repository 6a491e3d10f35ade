f(a,,b)
