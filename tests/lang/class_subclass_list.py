class Stack(list):
    def push(self, v):
        self.append(v)
        return self
    def peek(self):
        return self[-1]
s = Stack([1, 2])
s.push(3).push(4)
print(s, len(s), s.peek(), type(s).__name__, isinstance(s, list))
print(s + [5], type(s + [5]).__name__)
print(s[1:3], type(s[1:3]).__name__)
s.extra = 'attr'
print(s.extra, sorted(s), s == [1, 2, 3, 4])
class Logged(list):
    def append(self, v):
        print('append', v)
        super().append(v)
l = Logged()
l.append(1)
l.extend([2, 3])
print(l, repr(l))
class Rev(list):
    def __iter__(self):
        return reversed(list(super().__iter__()))
print(list(Rev([1, 2, 3])))
class ReprList(list):
    def __repr__(self):
        return 'RL' + super().__repr__()
print(ReprList([1]), [ReprList([2])])
