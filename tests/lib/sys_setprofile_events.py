# sys.setprofile: the events a profile function sees, and their arguments
import sys


def show(events):
    for e in events:
        print(' ', *e)


def capture(fn, *args, **kw):
    events = []

    def prof(frame, event, arg):
        if event.startswith('c_'):
            owner = getattr(arg, '__self__', None)
            own = type(owner).__name__ + '.' if owner is not None and not isinstance(owner, type(sys)) else ''
            events.append((event, own + arg.__name__, frame.f_code.co_name))
        else:
            events.append((event, frame.f_code.co_name, frame.f_lineno - frame.f_code.co_firstlineno, repr(arg)))
        return 'ignored'   # a profile function's result is not used

    sys.setprofile(prof)
    try:
        fn(*args, **kw)
    except Exception as e:
        events.append(('caught', type(e).__name__))
    sys.setprofile(None)
    # the last event is the c_call of setprofile(None)
    return events


def plain(a, b=2):
    return a + b


def calls_builtins():
    l = []
    l.append(plain(1))
    l.extend((3, 4))
    d = {'x': 1}
    d.get('x')
    n = len(l) + max(l, key=abs)
    print('in calls_builtins', n, sorted(l, reverse=True))
    return l


print('builtins and methods')
show(capture(calls_builtins))


def gen(n):
    for i in range(n):
        yield i * 10
    return 'done'


def uses_gen():
    g = gen(2)
    total = next(g)
    for v in g:
        total += v
    return sum(gen(3)) + total


print('generators')
show(capture(uses_gen))


def raiser(x):
    if x:
        raise ValueError(x)
    return x


def handles():
    try:
        raiser(1)
    except ValueError:
        pass
    try:
        int('nope')
    except ValueError:
        pass
    try:
        divmod(1, 0)
    except ZeroDivisionError:
        pass
    return raiser(0)


print('exceptions')
show(capture(handles))
print('uncaught')
show(capture(raiser, 5))


def star_calls():
    args = (1, 2)
    kw = {'b': 3}
    plain(*args[:1], **kw)
    max(*args)
    print(*args, sep='-')
    list.append([], 5)
    dict.fromkeys('ab')
    int.from_bytes(b'\x01', 'big')
    return 'x'.join(['a', 'b'])


print('star calls and descriptors')
show(capture(star_calls))


def from_c():
    return list(map(plain, [1, 2])) + sorted([3, 1], key=lambda v: -v)


print('Python called from C')
show(capture(from_c))


def make_class():
    class K:
        def __init__(self):
            self.v = 1

        def m(self):
            return self.v
    return K().m()


print('class statement and methods')
show(capture(make_class))

print('getprofile')
def p(frame, event, arg):
    pass
print(sys.getprofile())
sys.setprofile(p)
print(sys.getprofile() is p)
sys.setprofile(None)
print(sys.getprofile())

print('a profile function that raises is removed')
def bad(frame, event, arg):
    if event == 'call':
        raise RuntimeError('from profile')
def victim():
    return 1
sys.setprofile(bad)
try:
    victim()
except RuntimeError as e:
    print('raised', e)
print(sys.getprofile())

print('errors')
for args in [(), (1, 2)]:
    try:
        sys.setprofile(*args)
    except TypeError as e:
        print(type(e).__name__, e)
try:
    sys.getprofile(1)
except TypeError as e:
    print(type(e).__name__, e)

print('generators resumed by throw() and close(), coroutines')
def gthrow():
    try:
        yield 1
    except KeyError:
        yield 2
    yield 3


def gone():
    yield 1


def throws():
    g = gthrow()
    next(g)
    g.throw(KeyError)
    next(g)
    g.close()
    h = gone()
    next(h)
    try:
        h.throw(ValueError)
    except ValueError:
        pass

    async def co():
        return 5
    c = co()
    try:
        c.send(None)
    except StopIteration as e:
        return e.value


show(capture(throws))
