# Special methods found on the class through descriptors: list() asks
# __length_hint__, sys.getsizeof asks __sizeof__, isinstance asks
# __instancecheck__ -- each bound by its descriptor's __get__.
import sys

record = []

class SpecialDescr:
    def __init__(self, impl):
        self.impl = impl
    def __get__(self, obj, owner):
        record.append(1)
        return self.impl.__get__(obj, owner)

class MyExc(Exception):
    pass

class ErrDescr:
    def __get__(self, obj, owner):
        raise MyExc

def iden(self):
    return self
def stop(self):
    raise StopIteration
def zero(self):
    return 0
def true(self, thing=None):
    return True

def run(name, runner, impl, env):
    for wrap in (lambda f: f, SpecialDescr, lambda f: ErrDescr()):
        record.clear()
        X = type("X", (), dict(env))
        setattr(X, name, wrap(impl))
        try:
            r = runner(X())
            print(name, type(r).__name__, record)
        except MyExc:
            print(name, "MyExc", record)

run("__length_hint__", list, zero, {"__iter__": iden, "__next__": stop})
run("__sizeof__", sys.getsizeof, zero, {})
run("__instancecheck__", lambda o: isinstance(int, o), true, {})
run("__subclasscheck__", lambda o: issubclass(int, o), true, {})

class Hint:
    def __iter__(self):
        return iter([1, 2])
    def __length_hint__(self):
        return -1
try:
    list(Hint())
except ValueError as e:
    print("ValueError:", e)

class Sized:
    def __sizeof__(self):
        return 100
class SlotSized:
    __slots__ = ("a",)
    def __sizeof__(self):
        return 100
class ExcSized(Exception):
    def __sizeof__(self):
        return 100
# CPython 3.11 adds its collector header, and two words for a class's dict
print(sys.getsizeof(Sized()), sys.getsizeof(SlotSized()), sys.getsizeof(ExcSized()))
