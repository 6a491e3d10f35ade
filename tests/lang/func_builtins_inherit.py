# A function made by types.FunctionType(code, globals) whose globals have no
# __builtins__ takes the running frame's builtins (bpo-42990, CPython 3.11).
import textwrap


def func(s):
    return len(s)


ns = {}
func2 = type(func)(func.__code__, ns)
print(func2.__globals__ is ns, func2.__builtins__ is __builtins__.__dict__ or func2.__builtins__ is __builtins__)
print(func2("abc"), ns)

code = textwrap.dedent("""
    def func3(s): pass
    func4 = type(func3)(func3.__code__, {})
""")
safe_builtins = {'None': None}
ns = {'type': type, '__builtins__': safe_builtins}
exec(code, ns)
print(ns['func3'].__builtins__ is safe_builtins, ns['func4'].__builtins__ is safe_builtins)
print(ns['func3'].__globals__['__builtins__'] is safe_builtins, '__builtins__' in ns['func4'].__globals__)
print(ns['func4'].__builtins__)
