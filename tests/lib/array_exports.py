# array: a live memoryview forbids resizing (BufferError), leaving the array
# as it was; releasing or dropping the view allows it again
import array, gc, operator

def attempt(label, fn, *args):
    try:
        fn(*args)
        print(label, 'ok')
    except BufferError as e:
        print(label, 'BufferError', e)

for tc in 'bidu':
    a = array.array(tc, 'abc' if tc == 'u' else [1, 2, 3])
    m = memoryview(a)
    before = a.tobytes()
    attempt('append', a.append, a[0])
    attempt('extend', a.extend, a[0:1])
    attempt('extend empty', a.extend, [])
    attempt('insert', a.insert, 0, a[0])
    attempt('remove', a.remove, a[0])
    attempt('pop', a.pop)
    attempt('fromlist', a.fromlist, a.tolist())
    attempt('fromlist empty', a.fromlist, [])
    attempt('frombytes', a.frombytes, a.tobytes())
    attempt('frombytes empty', a.frombytes, b'')
    attempt('imul 2', operator.imul, a, 2)
    attempt('imul 1', operator.imul, a, 1)
    attempt('imul 0', operator.imul, a, 0)
    attempt('iadd', operator.iadd, a, a[:1])
    attempt('setitem slice grow', operator.setitem, a, slice(0, 0), a)
    attempt('setitem slice same', operator.setitem, a, slice(0, 1), a[1:2])
    attempt('setitem ext slice', operator.setitem, a, slice(0, 3, 2), a[1:3])
    attempt('delitem', operator.delitem, a, 0)
    attempt('delitem slice', operator.delitem, a, slice(0, 1))
    attempt('delitem ext slice', operator.delitem, a, slice(0, 3, 2))
    attempt('delitem empty slice', operator.delitem, a, slice(1, 1))
    a[0] = a[2]
    print(tc, m.tobytes() == a.tobytes(), len(a), a.tobytes() == before)
    m.release()
    a.append(a[0])
    print(tc, 'after release', len(a))
    m = memoryview(a)
    del m
    gc.collect()
    a.append(a[0])
    print(tc, 'after del', len(a))

# two views: one released still leaves the other
a = array.array('h', [1, 2])
m1, m2 = memoryview(a), memoryview(a)
m1.release()
attempt('one view left', a.append, 3)
with m2:
    pass
attempt('none left', a.append, 3)
print(a)

# a view dropped without release is found by a collection
def view_and_drop(a):
    memoryview(a)[0] = 7
a = array.array('i', [0, 1])
view_and_drop(a)
a.append(2)
print(a)
