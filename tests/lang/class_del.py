# __del__ where its timing is the same on every Python: tpy has no
# reference counts (as PyPy), so an object is finalized when the collector
# finds it unreachable or at exit, not the moment its last reference goes
# (docs/ARCHITECTURE.md, "Finalization"). What is checked here: an
# explicit __del__ call is an ordinary method call, __del__ runs for an
# object still alive at exit (even after an explicit call).
class Res:
    count = 0
    def __init__(self, name):
        self.name = name
        print('acquire', name)
    def __del__(self):
        Res.count += 1
        print('release', self.name, Res.count)

class Sub(Res):
    def __init__(self):
        super().__init__('sub')

keep = Res('kept')
keep.__del__()                      # a plain call: does not free anything
print('explicit call done', Res.count)
print(type(keep).__del__ is Res.__del__, hasattr(Sub, '__del__'))
holder = [keep]
print('end of program', holder[0].name)
