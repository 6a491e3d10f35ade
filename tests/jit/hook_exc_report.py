# tpy-test: no-regen modes=default,eager
# With the default sys.unraisablehook, an exception in a hook is printed
# to stderr as PyPy prints it:
#   Exception ignored in: jit hook  <function bad_hook at 0x...>
#   Traceback (most recent call last): ...
#   ValueError: boom from hook
# (the runner compares the last stderr line; the address varies).
import pypyjit
def bad_hook(info):
    raise ValueError("boom from hook")
pypyjit.set_compile_hook(bad_hook)
def g(n):
    s = 0
    for i in range(n):
        s += i
    return s
print(g(10000))
pypyjit.set_compile_hook(None)
print("after bad hook, still running fine")
