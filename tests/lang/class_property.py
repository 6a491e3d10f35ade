class Temp:
    def __init__(self, c):
        self._c = c
    @property
    def celsius(self):
        "Temperature in C."
        return self._c
    @celsius.setter
    def celsius(self, v):
        if v < -273.15:
            raise ValueError('too cold')
        self._c = v
    @celsius.deleter
    def celsius(self):
        print('deleting')
        del self._c
    @property
    def fahrenheit(self):
        return self._c * 9 / 5 + 32

t = Temp(100)
print(t.celsius, t.fahrenheit)
t.celsius = 0
print(t.celsius, t.fahrenheit)
try:
    t.celsius = -300
except ValueError as e:
    print(e)
try:
    t.fahrenheit = 5
except AttributeError as e:
    print(e)
del t.celsius
try:
    t.celsius
except AttributeError as e:
    print(e)
try:
    del t.fahrenheit
except AttributeError as e:
    print(e)
print(Temp.celsius.__doc__, type(Temp.celsius).__name__)
class P:
    x = property(lambda self: 'got x', doc='doc x')
    def _set(self, v): print('set', v)
    y = property(None, _set)
print(P().x, P.x.__doc__)
P().y = 3
try:
    P().y
except AttributeError as e:
    print(e)
class Sub(Temp):
    @Temp.celsius.getter
    def celsius(self):
        return 'sub ' + str(self._c)
s = Sub(5)
print(s.celsius)
s.celsius = 7
print(s.celsius)
