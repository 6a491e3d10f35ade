class Inspect:
    def __enter__(self):
        return self
    def __exit__(self, et, ev, tb):
        self.et, self.ev = et, ev
        return et is ValueError
i = Inspect()
with i:
    raise ValueError('x', 2)
print(i.et.__name__, i.ev.args, isinstance(i.ev, ValueError))
with i:
    pass
print(i.et, i.ev)
def raises_in_exit():
    class Bad:
        def __enter__(self): return self
        def __exit__(self, *a):
            raise KeyError('exit failed')
    try:
        with Bad():
            raise ValueError('body')
    except KeyError as e:
        print(repr(e), repr(e.__context__))
raises_in_exit()
class Count:
    entered = 0
    def __enter__(self):
        Count.entered += 1
        return self
    def __exit__(self, *a):
        return False
for _ in range(10000):
    with Count():
        pass
print(Count.entered)
