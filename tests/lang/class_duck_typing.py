class Duck:
    def quack(self): return 'Quack'
class Robot:
    def quack(self): return 'Beep quack'
class Dog:
    def bark(self): return 'Woof'
def make_noise(x):
    if hasattr(x, 'quack'):
        return x.quack()
    try:
        return x.bark()
    except AttributeError:
        return 'silence'
print([make_noise(a) for a in (Duck(), Robot(), Dog(), 5)])
print(isinstance(Duck(), object), isinstance(5, (str, int)), isinstance(True, int))
print(issubclass(bool, int), issubclass(int, object), issubclass(Duck, (Dog, Duck)))
try:
    isinstance(1, 5)
except TypeError as e:
    print(e)
try:
    issubclass(5, int)
except TypeError as e:
    print(e)
class Meta: pass
print(isinstance(Duck, type), isinstance(Duck(), type))
def total_len(*xs):
    return sum(len(x) for x in xs)
class Sized:
    def __len__(self): return 7
print(total_len('ab', [1], Sized(), {1: 2}))
