# tpy-test: no-regen modes=default
# A list that a display built from floats keeps them as raw doubles (float
# storage, list.h), and compiled code reads and writes those directly: the
# loop below, nbody's inner loop, loads each item with getarrayitem_gc_f
# (descr double[]) and stores it with setarrayitem_gc after a
# guard_class(..., ConstClass(storable_float)) (a double float storage can
# hold: an immediate or a zero) -- no unbox_float, no box_float, no class
# guard of any float on an item. Each list's storage is guarded once, by
# its capacity's sign. Then an int stored into one list turns it back into
# Values: the guard on its storage fails, and the results stay CPython's.
import pypyjit

seen = {'loops': 0, 'double loads': 0, 'double stores': 0, 'storable guards': 0,
        'unbox_float': 0, 'box_float': 0, 'any_float guards': 0}


def hook(info):
    if info.type != 'loop' or not info.greenkey or info.greenkey[0].co_name != 'advance':
        return
    seen['loops'] += 1
    for op in info.operations:
        text = repr(op)
        if 'getarrayitem_gc_f(' in text and 'ArrayF' in text:
            seen['double loads'] += 1
        if text.startswith('setarrayitem_gc(') and 'ArrayF' in text:
            seen['double stores'] += 1
        if 'ConstClass(storable_float)' in text:
            seen['storable guards'] += 1
        if 'ConstClass(unbox_float)' in text:
            seen['unbox_float'] += 1
        if 'ConstClass(box_float)' in text:
            seen['box_float'] += 1
        if 'ConstClass(any_float)' in text:
            seen['any_float guards'] += 1


pypyjit.set_compile_hook(hook)


def advance(bodies, rounds):
    for r in range(rounds):
        for i in range(len(bodies)):
            b = bodies[i]
            for j in range(i + 1, len(bodies)):
                c = bodies[j]
                dx = b[0] - c[0]
                dy = b[1] - c[1]
                d2 = dx * dx + dy * dy + 0.01
                c[2] += dx * 0.01 / d2
                c[3] += dy * 0.01 / d2
                b[2] -= dx * 0.01 / d2
                b[3] -= dy * 0.01 / d2
        for b in bodies:
            b[0] += 0.01 * b[2]
            b[1] += 0.01 * b[3]


def make():
    return [[0.5 * i, 0.25 * i * i, 0.0, -0.0] for i in range(5)]


bodies = make()
advance(bodies, 3000)
print([round(x, 9) for b in bodies for x in b])
print('compiled:', seen['loops'] > 0)
print('items loaded and stored as doubles:', seen['double loads'] > 0, seen['double stores'] > 0,
      seen['storable guards'] > 0)
print('no boxing of items:', seen['unbox_float'], seen['box_float'], seen['any_float guards'])

# an int into one list: Value storage from then on, the loop's guard on it fails
bodies = make()
advance(bodies, 1000)
bodies[2][0] = 3
advance(bodies, 1000)
print([round(x, 9) for b in bodies for x in b])
# a value float storage cannot hold (no immediate): the storable guard fails
bodies = make()
advance(bodies, 1000)
bodies[1][2] = 1e-300
advance(bodies, 1000)
print([round(x, 9) for b in bodies for x in b])
