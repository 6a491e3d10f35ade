class Range2:
    def __init__(self, n):
        self.n = n
    def __iter__(self):
        i = 0
        while i < self.n:
            yield i
            i += 2
class Manual:
    def __init__(self, n):
        self.i = 0
        self.n = n
    def __iter__(self):
        return self
    def __next__(self):
        if self.i >= self.n:
            raise StopIteration
        self.i += 1
        return self.i
print(sum(Range2(100000)), sum(Manual(100000)))
tot = 0
for a in Manual(300):
    for b in Range2(a):
        tot += b
print(tot)
