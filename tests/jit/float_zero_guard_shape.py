# tpy-test: no-regen modes=default
# +-0.0 are FloatObjects (value.h), the other ordinary floats immediates: a
# float that is 0.0 while the loop is recorded is guarded as any float
# (guard_class(..., ConstClass(any_float)), which takes both forms), not
# as an object of class float (ConstClass(float), which fails on an
# immediate) -- record.c, guard_type. Here a.v is 0.0 while the loop is
# recorded and a small float from iteration 2001 on; its method call
# (x.is_integer()) and its arithmetic guard it.
import pypyjit

class_guards = {'float': 0, 'any_float': 0}


def hook(info):
    if info.type != 'loop':
        return
    for op in info.operations:
        text = repr(op)
        if text.startswith('guard_') and 'ConstClass(float)' in text:
            class_guards['float'] += 1
        if text.startswith('guard_') and 'ConstClass(any_float)' in text:
            class_guards['any_float'] += 1


pypyjit.set_compile_hook(hook)


class Acc:
    def __init__(self):
        self.v = 0.0


def run(n):
    a = Acc()
    out = 0
    for i in range(n):
        x = a.v
        out += x.is_integer()
        if i == 2000:
            a.v = 0.5
        elif i > 2000:
            a.v = x * 1.0001 + 0.25
    return out, a.v


print(run(6000))
print('guards of class float:', class_guards['float'], ' of any float:', class_guards['any_float'] > 0)
