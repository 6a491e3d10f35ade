# Slicing a mutable sequence whose slice bounds have an __index__ that
# resizes it (CPython's issue #27863 for Elements): the sequence's length
# is taken after the bounds are converted. tpy took it before, and
# `l[0:10:X()] = []` with an __index__ that emptied l wrote ten null words
# below l's items, over the heap object there (a module's dict in
# test_xml_etree_c's test_ass_subscr, which crashed a later test once
# Elements were weakly referable and the heap laid out otherwise), and left
# l with length -10.
import array
import gc
import mmap
import weakref
import xml.etree.ElementTree as ET


def emptying(seq, value=1):
    class X:
        def __index__(self):
            seq[:] = seq[:0]
            return value
    return X()


def growing(seq, extra, value=1):
    class X:
        def __index__(self):
            seq.extend(extra)
            return value
    return X()


def attempt(label, f):
    try:
        print(label, f())
    except Exception as exc:
        print(label, type(exc).__name__, exc)


# lists: assignment, deletion and reading, with the step, start or stop
l = list(range(10))
l[0:10:emptying(l)] = []
print("list step assign", len(l), l)
l = list(range(10))
l[emptying(l, 0):10] = []
print("list start assign", len(l), l)
l = list(range(10))
del l[0:10:emptying(l, 2)]
print("list step del", len(l), l)
l = list(range(10))
print("list step get", l[0:10:emptying(l, 2)], len(l))
l = list(range(10))
print("list stop get", l[0:emptying(l, 10)], len(l))
l = list(range(10))
attempt("list extended assign", lambda: l.__setitem__(slice(0, 10, emptying(l, 2)), list("abcde")))
print("list after", len(l), l)
l = list(range(4))
l[0:4:growing(l, [7, 8, 9, 10])] = "wxyz"
print("list grown", len(l), l)

# bytearrays and arrays
b = bytearray(b"0123456789")
b[0:10:emptying(b)] = b""
print("bytearray step assign", len(b), b)
b = bytearray(b"0123456789")
print("bytearray step get", b[0:10:emptying(b, 3)], len(b))
b = bytearray(b"0123456789")
del b[0:10:emptying(b, 2)]
print("bytearray step del", len(b), b)
a = array.array("i", range(10))
a[0:10:emptying(a)] = array.array("i")
print("array step assign", len(a), a)
a = array.array("i", range(10))
print("array step get", a[0:10:emptying(a, 2)], len(a))
a = array.array("i", range(10))
del a[0:10:emptying(a, 2)]
print("array step del", len(a), a)

# an mmap resized by the bound
m = mmap.mmap(-1, 16)
m[:] = b"abcdefghijklmnop"


class Shrink:
    def __index__(self):
        m.resize(4)
        return 2


print("mmap get", m[0:16:Shrink()], len(m))
m.close()

# Elements (the C module's sequence protocol), whose children a bound clears,
# weakly referenced and collected around it, as test_xml_etree_c runs them
for round_ in range(3):
    e = ET.Element("elem")
    for _ in range(10):
        e.insert(0, ET.Element("child"))

    class ClearChildren:
        def __index__(self):
            e[:] = []
            return 1

    e[0:10:ClearChildren()] = []
    print("element assign", round_, len(e), list(e))
    e = ET.Element("elem")
    e.extend(ET.Element("c%d" % i) for i in range(5))

    class DelChildren:
        def __index__(self):
            del e[:]
            return 1

    print("element get", round_, e[:DelChildren()], len(e))
    dead = []
    refs = [weakref.ref(ET.Element("w"), dead.append) for _ in range(20)]
    gc.collect()
    print("weak refs", round_, sum(r() is None for r in refs), len(dead))
