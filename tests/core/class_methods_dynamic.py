# Methods replaced at run time, bound methods, methods stored in containers.
class Greeter:
    def __init__(self, name):
        self.name = name
    def greet(self):
        return 'Hello, ' + self.name

def shout(self):
    return 'HEY ' + self.name.upper() + '!'

g = Greeter('ann')
bound = g.greet
print(g.greet(), bound())
Greeter.greet = shout
print(g.greet(), bound(), Greeter('bob').greet())

def whisper(self):
    return '...' + self.name
Greeter.whisper = whisper
print(g.whisper())

def instance_only():
    return 'instance attribute function (no self)'
g.special = instance_only
print(g.special())

actions = [g.greet, g.whisper, len]
for act in actions:
    if act is len:
        print(act('four'))
    else:
        print(act())
print(type(bound).__name__, bound == g.whisper)

class Animal:
    def speak(self):
        return 'generic'
    def intro(self):
        return 'I say ' + self.speak()

class Cat(Animal):
    pass

c = Cat()
print(c.intro())
def meow(self):
    return 'meow'
Cat.speak = meow
print(c.intro(), Animal().intro())
def purr(self):
    return 'purr'
Animal.speak = purr
print(c.intro(), Animal().intro())
