class Date:
    def __init__(self, y, m, d):
        self.y, self.m, self.d = y, m, d
    @classmethod
    def from_string(cls, s):
        return cls(*map(int, s.split('-')))
    @staticmethod
    def is_leap(y):
        return y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)
    def __repr__(self):
        return '%s(%d, %d, %d)' % (type(self).__name__, self.y, self.m, self.d)

class MyDate(Date):
    pass

print(Date.from_string('2024-02-29'), MyDate.from_string('1999-1-2'))
print(Date.is_leap(2000), Date.is_leap(1900), Date(1, 1, 1).is_leap(2024))
d = MyDate(1, 2, 3)
print(d.from_string('5-6-7'))
print(type(Date.__dict__['is_leap']).__name__, type(Date.__dict__['from_string']).__name__)
print(type(Date.from_string).__name__, Date.from_string.__self__ is Date)
sm = staticmethod(len)
print(sm.__func__ is len)
class Counter:
    count = 0
    @classmethod
    def bump(cls):
        cls.count += 1
        return cls.count
class Sub(Counter):
    pass
print(Counter.bump(), Counter.bump(), Sub.bump(), Counter.count, Sub.count)
