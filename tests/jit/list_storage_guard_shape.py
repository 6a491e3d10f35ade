# tpy-test: no-regen modes=default
# Compiled code reads a list's items only after a guard on its storage
# (list.h: float storage or Values). A list holding Values holds them for
# good, so the guard (guard_class(p, ConstClass(list_of_values))) is a fact
# about the object, like its class: the optimizer keeps it across calls
# and the loop that reads the same list every iteration checks it once,
# in the iteration peeled before the loop's label, not in the loop, where
# the call of sorted() between the two reads makes the optimizer forget
# the list's fields (its size is loaded again after it).
import pypyjit

guards = {'before label': 0, 'in loop': 0}


def hook(info):
    if info.type != 'loop' or not info.greenkey or info.greenkey[0].co_name != 'total':
        return
    texts = [repr(op) for op in info.operations]
    loop = max(i for i, text in enumerate(texts) if text.startswith('label('))   # (the peeled iteration before it)
    for i, text in enumerate(texts):
        if 'ConstClass(list_of_values)' in text:
            guards['in loop' if i > loop else 'before label'] += 1


pypyjit.set_compile_hook(hook)


class Sized:
    def __len__(self):
        return 3


def total(values, n, sized):
    t = 0
    for i in range(n):
        t += values[i % 4]
        t += len(sized) + min(sorted((i % 3, 1)))
        t += values[(i + 1) % 4]
    return t


print(total([1, 2, 3, 4], 5000, Sized()))
print('guards of the list storage before the loop:', guards['before label'] > 0, ' in the loop:', guards['in loop'])
