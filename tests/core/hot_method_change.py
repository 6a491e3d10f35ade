# A method on a class replaced mid-loop; instances see the new method.
class Worker:
    def __init__(self):
        self.done = 0
    def work(self, n):
        self.done += n
        return 1

def work_v2(self, n):
    self.done -= n
    return 2

def work_v3(self, n):
    return 3

w = Worker()
tally = 0
for i in range(30000):
    if i == 10000:
        Worker.work = work_v2
    elif i == 20000:
        Worker.work = work_v3
    tally += w.work(i)
print(tally, w.done)

class Base:
    def value(self):
        return 1

class Derived(Base):
    pass

objs = [Base(), Derived()]
total = 0
for i in range(20000):
    if i == 7000:
        def derived_value(self):
            return 10
        Derived.value = derived_value
    if i == 14000:
        def base_value(self):
            return 100
        Base.value = base_value
    total += objs[i % 2].value()
print(total)
