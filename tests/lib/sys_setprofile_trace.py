# sys.setprofile together with sys.settrace: both get their events (the
# trace function first), each can be removed without the other
import sys

log = []


def tracer(frame, event, arg):
    log.append(('trace', event, frame.f_code.co_name, frame.f_lineno - frame.f_code.co_firstlineno))
    return tracer


def profiler(frame, event, arg):
    name = arg.__name__ if event.startswith('c_') else frame.f_code.co_name
    log.append(('prof', event, name))


def inner(x):
    y = x * 2
    return abs(y)


def outer():
    a = inner(-1)
    b = inner(2)
    return a + b


def dump(title):
    print(title)
    for e in log:
        print(' ', *e)
    log.clear()


sys.settrace(tracer)
sys.setprofile(profiler)
outer()
sys.setprofile(None)
sys.settrace(None)
dump('both')

sys.setprofile(profiler)
sys.settrace(tracer)
outer()
sys.settrace(None)
outer()
sys.setprofile(None)
dump('trace removed first')

print(sys.gettrace(), sys.getprofile())


def bad_tracer(frame, event, arg):
    if event == 'line':
        raise KeyError('trace')
    return bad_tracer


sys.setprofile(profiler)
sys.settrace(bad_tracer)
try:
    outer()
except KeyError as e:
    print('trace error', e)
print(sys.gettrace(), sys.getprofile() is profiler)
outer()
sys.setprofile(None)
dump('the failing trace function goes, the profile function stays')
