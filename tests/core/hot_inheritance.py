# Subclass instances with overridden methods appear after a while.
class Animal:
    def sound(self):
        return 1
    def speak(self):
        return self.sound() * 2

class Dog(Animal):
    def sound(self):
        return 10

class Puppy(Dog):
    def speak(self):
        return super().speak() + 1

zoo = []
total = 0
for i in range(30000):
    if i < 10000:
        a = Animal()
    elif i < 20000:
        a = Dog() if i % 2 else Animal()
    else:
        a = Puppy()
    total += a.speak()
print(total)
