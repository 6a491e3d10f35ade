def shout(fn):
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs).upper()
    wrapper.__name__ = fn.__name__
    wrapper.__doc__ = fn.__doc__
    wrapper.__qualname__ = fn.__qualname__
    wrapper.__wrapped__ = fn
    return wrapper

@shout
def greet(name):
    "Say hello."
    return 'hello ' + name

print(greet('bob'), greet.__name__, greet.__doc__, greet.__qualname__)
print(greet.__wrapped__('x'))

calls = []
def trace(fn):
    def w(*a):
        calls.append(fn.__name__)
        return fn(*a)
    return w

@trace
def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
print(fact(5), calls)
print(fact.__name__)
