# An iterator whose class loses __next__ while a for loop uses it: a
# TypeError, not a crash (CPython's test_iter.test_3720).
class BadIterator(object):
    def __iter__(self):
        return self

    def __next__(self):
        del BadIterator.__next__
        return 1


def foo():
    for x in BadIterator():
        pass


try:
    foo()
except TypeError as e:
    print("TypeError", e)
print(hasattr(BadIterator, '__next__'))
