# pickling bytes and bytearray iterators, and their __setstate__
import pickle

for data in [b'abcdef', bytearray(b'xyz12')]:
    for proto in range(pickle.HIGHEST_PROTOCOL + 1):
        it = iter(data)
        next(it)
        it2 = pickle.loads(pickle.dumps(it, proto))
        done = iter(data)
        list(done)
        print(type(it2).__name__, list(it2), list(pickle.loads(pickle.dumps(done, proto))))
    it = iter(data)
    it.__setstate__(-5)
    print(list(it))
    it = iter(data)
    it.__setstate__(100)
    print(list(it))
    print(iter(data).__reduce__()[1:])
