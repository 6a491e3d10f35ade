# dir() of a class asks its metaclass's __dir__ when the metaclass has one
from enum import Enum, auto


class Meta(type):
    def __dir__(cls):
        return ['from_meta', 'b', 'a']


class C(metaclass=Meta):
    x = 1


class Plain(type):
    pass


class D(metaclass=Plain):
    y = 2


class Test(Enum):
    this = auto()
    these = auto()

    def wowser(self):
        return "Wowser! I'm %s!" % self.name


print(dir(C))
print('y' in dir(D), '__dir__' in dir(D))
print('wowser' in dir(Test), 'wowser' in dir(Test.this))
print(sorted(dir(Test)))
