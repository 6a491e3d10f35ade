# AttributeError messages for instances, classes and subclasses.
class Foo:
    bar = 1
    def __init__(self):
        self.a = 1

class SubFoo(Foo):
    pass

for obj, name in [(Foo(), 'x'), (SubFoo(), 'y'), (Foo, 'z'), (SubFoo, 'w'), (Foo(), 'bar'), (SubFoo(), 'a')]:
    try:
        print('got', getattr(obj, name))
    except AttributeError as e:
        print('AttributeError:', e)

class Slotless:
    def __init__(self):
        self.items = []
s = Slotless()
try:
    s.itmes.append(1)
except AttributeError as e:
    print('typo:', e)
try:
    s.items.push(1)
except AttributeError as e:
    print('list method:', e)
try:
    Slotless.items
except AttributeError as e:
    print('class:', e)
