# Classes: __init__, class and instance attributes, methods calling methods.
class Dog:
    species = 'canis familiaris'
    count = 0

    def __init__(self, name, age):
        self.name = name
        self.age = age
        self.tricks = []
        Dog.count += 1

    def add_trick(self, trick):
        self.tricks.append(trick)
        return self

    def describe(self):
        return self.name + ' (' + str(self.age) + ') knows ' + self.trick_list()

    def trick_list(self):
        if not self.tricks:
            return 'nothing'
        return ', '.join(self.tricks)

    def birthday(self):
        self.age += 1
        return self.age

a = Dog('Rex', 3)
b = Dog('Fido', 5)
a.add_trick('sit').add_trick('roll')
print(a.describe())
print(b.describe())
print(a.birthday(), a.age, b.age)
print(Dog.count, a.count, b.species, Dog.species)
a.species = 'wolf'
print(a.species, b.species, Dog.species)
Dog.species = 'dog'
print(a.species, b.species)
print(type(a).__name__, isinstance(a, Dog), a.name, b.tricks)
m = a.describe
print(m())
print(Dog.describe(b))
c = Dog('Spot', 1)
print(Dog.count, c.count)

class Empty:
    pass

e = Empty()
e.anything = 42
print(e.anything, type(e).__name__)

class Counter:
    total = 0
    def __init__(self):
        self.n = 0
    def inc(self):
        self.n += 1
        Counter.total += 1

cs = [Counter(), Counter()]
for i in range(5):
    cs[i % 2].inc()
print(cs[0].n, cs[1].n, Counter.total)
