class Res:
    def __init__(self, name):
        self.name = name
        print('acquire', name)
    def __del__(self):
        print('release', self.name)
r = Res('a')
del r
print('after del a')
def scope():
    Res('temp')
    print('in scope')
scope()
print('after scope')
x = Res('b')
x = None
print('after rebind')
lst = [Res('c')]
lst.clear()
print('after clear')
