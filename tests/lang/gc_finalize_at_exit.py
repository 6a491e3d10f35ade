# __del__ and generator finally blocks run at the latest at exit (tpy has
# no reference counts: see docs/ARCHITECTURE.md, Finalization)
import gc
class Res:
    def __init__(self, name):
        self.name = name
    def __del__(self):
        print('release', self.name)
r = Res('global')
def g():
    try:
        yield 1
    finally:
        print('generator finally')
it = g()
print(next(it))
print(gc.isenabled(), gc.collect() >= 0)
gc.disable()
print(gc.isenabled())
gc.enable()
print('end of program')
