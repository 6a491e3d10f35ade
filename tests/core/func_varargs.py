# *args and **kwargs, and calls with f(*a, **k).
def show(*args, **kwargs):
    print('args =', args)
    keys = sorted(kwargs)
    for k in keys:
        print('  ', k, '=', kwargs[k])

show()
show(1, 2, 3)
show(a=1, b=2)
show(1, 'two', x=3.0)

def add3(a, b, c):
    return a + b + c

nums = [1, 2, 3]
print(add3(*nums))
print(add3(*(10, 20), 30))
print(add3(1, *[2, 3]))
kw = {'a': 100, 'b': 200, 'c': 300}
print(add3(**kw))
print(add3(1, **{'c': 3, 'b': 2}))
print(add3(*[1], **{'b': 2, 'c': 3}))

def mixed(first, *rest, sep='-', **opts):
    out = str(first)
    for r in rest:
        out += sep + str(r)
    if opts:
        out += ' ' + str(sorted(opts.items()))
    return out

print(mixed(1))
print(mixed(1, 2, 3))
print(mixed(1, 2, 3, sep='+'))
print(mixed('a', 'b', sep='', flag=True, level=2))

def count_args(*args):
    return len(args)

print(count_args(*range(10)), count_args(*'hello'), count_args(*{}))

def forward(*args, **kwargs):
    return mixed(*args, **kwargs)

print(forward(7, 8, 9, sep='/'))
print(show.__name__, type(show).__name__)
