# tpy-test: no-regen modes=default
# The results of str methods that always return one class (record.c,
# STR_METHOD_RESULT_DEF: split -> list, lower/replace/strip... -> str) are
# known to the recorder, so the loop below, which splits, unpacks,
# lowercases and compares, guards no class of a method's result: in the
# body of the peeled loop (after its last label) the class guards left are
# on items read from lists (`line`, and the pieces the unpacking reads
# from the split lists): 5 str guards, and one of the storage of `lines`
# (list_of_values: the loop reads it from its iterator again after the
# calls), none of the split lists' (lists of strs hold Values). Before,
# each split result had its list class guarded and each str result its
# str class (12 guards).
# tests/core/str_methods_split and hot_str_methods check results.
import pypyjit

bodies = {}
def hook(info):
    if info.type != 'loop' or not info.greenkey:
        return
    ops = list(info.operations)
    labels = [i for i, op in enumerate(ops) if op.name == 'label']
    body = ops[labels[-1] + 1:] if labels else ops
    bodies.setdefault(info.greenkey[0].co_name, []).append(
        (len(labels), [str(op).split('ConstClass(')[1].split(')')[0] for op in body if op.name in ('guard_nonnull_class', 'guard_class')]))
pypyjit.set_compile_hook(hook)


def parse(lines):
    total = 0
    for line in lines:
        head, rest = line.split(":", 1)
        name, num = rest.split("-")
        low = name.lower().replace("a", "4").strip()
        if low == num.upper().lstrip():
            total += 1
        total += len(low) + len(head)
    return total


lines = ["%d:Alpha-%d" % (i, i % 7) for i in range(3000)]
print(parse(lines))


def report(name):
    loops = bodies.get(name, [])
    if not loops:
        print(name, 'not compiled')
        return
    nlabels, guards = loops[0]
    print(name, 'compiled, peeled:', nlabels == 2, 'class guards in body:', guards)


report('parse')
