x = 7
def f():
    x = 1
    def g():
        global x
        def i():
            def h():
                return x
            return h()
        return i()
    return g()
print(f(), x)

def test(x):
    class Foo:
        global x
        def __call__(self, y):
            return x + y
    return Foo()
x = 0
print(test(6)(2))

def f2():
    y = 1
    def g():
        global y
        return y
    def h():
        return y + 1
    return g, h
y = 9
g, h = f2()
print(g(), h())

# a global declaration in one nested function does not leak into its sibling;
# the module's own code then stores y with STORE_GLOBAL (exec with separate
# locals shows it)
local_ns = {}
global_ns = {}
exec("""if 1:
    def f():
        y = 1
        def g():
            global y
            return y
        def h():
            return y + 1
        return g, h
    y = 9
    g, h = f()
    result9 = g()
    result2 = h()
    """, local_ns, global_ns)
print(global_ns["result2"], global_ns["result9"], sorted(local_ns.keys() - {'__builtins__'}))

# a local rebinding hides an outer global declaration from nested scopes
def outer():
    global z
    z = 'global z'
    def mid():
        z = 'mid z'
        def inner():
            return z
        return inner()
    return mid()
print(outer(), z)

# a class's global declaration does not hide the class's own methods' closure
def mk(v):
    class C:
        global v
        w = v
        def get(self):
            return v
    return C
v = 'gv'
C = mk('local v')
print(C.w, C().get(), C.__dict__.get('v', 'absent'))
