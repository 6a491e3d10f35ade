# opcode describes the bytecode co_code holds: names and numbers agree,
# co_code decodes to the instructions dis shows, stack_effect checks its
# arguments as CPython's does.
import opcode, _opcode, dis

print(len(opcode.opname), type(opcode.opmap), sorted(opcode.__all__))
print(all(opcode.opname[n] == name for name, n in opcode.opmap.items()))
print(all(name.startswith("<") for n, name in enumerate(opcode.opname) if name not in opcode.opmap))
print(opcode.EXTENDED_ARG >= opcode.HAVE_ARGUMENT, opcode.opname[opcode.EXTENDED_ARG])
for lst in ("hasconst", "hasname", "hasjrel", "hasjabs", "haslocal", "hascompare", "hasfree"):
    ops = getattr(opcode, lst)
    print(lst, all(op >= opcode.HAVE_ARGUMENT and opcode.opname[op] in opcode.opmap for op in ops))
print(opcode.cmp_op)
print(opcode.opmap["LOAD_CONST"] in opcode.hasconst, opcode.opmap["LOAD_FAST"] in opcode.haslocal,
      opcode.opmap["LOAD_DEREF"] in opcode.hasfree, opcode.opmap["COMPARE_OP"] in opcode.hascompare,
      opcode.opmap["LOAD_GLOBAL"] in opcode.hasname, opcode.opmap["STORE_NAME"] in opcode.hasname,
      opcode.opmap["IMPORT_NAME"] in opcode.hasname)
print(len(opcode._inline_cache_entries), opcode._nb_ops[0], opcode._nb_ops[13], len(opcode._nb_ops))

# stack effects of instructions CPython and tpy share
se = opcode.stack_effect
print(se(opcode.opmap["POP_TOP"]), se(opcode.opmap["LOAD_CONST"], 0), se(opcode.opmap["BUILD_TUPLE"], 3),
      se(opcode.opmap["BUILD_MAP"], 2), se(opcode.opmap["UNPACK_SEQUENCE"], 3), se(opcode.opmap["RETURN_VALUE"]),
      se(opcode.opmap["FOR_ITER"], 0, jump=True), se(opcode.opmap["FOR_ITER"], 0, jump=False),
      se(opcode.opmap["FOR_ITER"], 0), se(opcode.opmap["STORE_SUBSCR"]), se(opcode.opmap["BINARY_OP"], 0))
for name, code in opcode.opmap.items():
    try:
        if code < opcode.HAVE_ARGUMENT:
            se(code)
        else:
            se(code, 0)
    except ValueError as e:
        print("fails", name, e)
bad = 0
for code in set(range(256)) - set(opcode.opmap.values()):
    for args in ((code,), (code, 0)):
        try:
            se(*args)
            bad += 1
        except ValueError:
            pass
print("undefined accepted:", bad)
for args, kw in [((30000,), {}), ((opcode.opmap["BUILD_SLICE"],), {}), ((opcode.opmap["POP_TOP"], 0), {}),
                 ((30000, 0), {}), ((opcode.opmap["LOAD_CONST"], 1), {"jump": 1}), ((), {}),
                 ((1.5,), {}), ((opcode.opmap["LOAD_CONST"], 1, 2), {}), ((opcode.opmap["LOAD_CONST"], "1"), {}),
                 ((opcode.opmap["LOAD_CONST"],), {"oparg": 1})]:
    try:
        print(se(*args, **kw))
    except (TypeError, ValueError) as e:
        print(type(e).__name__, e)


def sample(a, *rest, k=3, **kw):
    global G
    import os.path as p
    from math import pi, tau
    x = [i for i in rest if i]
    G = lambda: x
    try:
        return p.join(str(a), *rest)[k:] + f"{pi!r}"
    except (TypeError, ValueError) as e:
        del kw["z"]
        return -a
    finally:
        a = {1: 2, **kw}

# co_code, read with opcode's data, gives the instructions dis shows
co = sample.__code__
ins = list(dis.get_instructions(sample))
code = co.co_code
print(len(code) >= 2 * len(ins), all(code[i.offset] == i.opcode for i in ins))
print(all(opcode.opname[code[i.offset]] == i.opname for i in ins))
print(all((i.arg is None) == (i.opcode < opcode.HAVE_ARGUMENT) for i in ins))
print(all((i.arg & 0xFF) == code[i.offset + 1] for i in ins if i.arg is not None))
print(len(list(co.co_positions())) == len(code) // 2, co.co_lines is not None)
