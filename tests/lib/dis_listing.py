# The standard library's dis on this implementation's code objects: the
# listing differs between implementations, so this checks its properties:
# jump targets and handlers land on instructions and are marked ">>",
# every name and constant resolves, lines agree with co_lines(), large
# arguments (EXTENDED_ARG) decode, and the text forms hold together.
import dis, io, sys, opcode


def sample(a, *rest, k=3, **kw):
    global G
    import os.path as p
    from math import pi, tau
    x = [i for i in rest if i]
    G = lambda: x
    while k > 0:
        k -= 1
        if k == 5:
            break
    else:
        k = 0
    try:
        return p.join(str(a), *rest)[k:] + f"{pi!r:>4}"
    except (TypeError, ValueError) as e:
        del kw["z"]
        return -a
    finally:
        a = {1: 2, **kw}


class C:
    def method(self, n):
        return [self.attr + i for i in range(n) if i % 2]


async def coro(xs):
    async with xs as y:
        async for z in y:
            await z


src = "def big(x):\n" + "".join(f"    if x == {i}:\n        x = x + {i}.5\n" for i in range(300)) + \
      "    while x > 0:\n        x -= 1\n    return x\n"
ns = {}
exec(compile(src, "<big>", "exec"), ns)
big = ns["big"]


def codes(co):
    yield co
    for c in co.co_consts:
        if hasattr(c, "co_code"):
            yield from codes(c)


def check(f):
    for co in codes(getattr(f, "__code__", f)):
        ins = list(dis.get_instructions(co))
        offs = [i.offset for i in ins]
        ok = offs == sorted(offs) and len(set(offs)) == len(offs)
        targets = set()
        for i in ins:
            if i.opcode in opcode.hasjabs or i.opcode in opcode.hasjrel:
                ok &= i.argval in offs and i.argrepr == "to %d" % i.argval
                targets.add(i.argval)
            elif i.opcode in opcode.hasconst:
                ok &= any(i.argval is c or i.argval == c for c in co.co_consts)
            elif i.opcode in opcode.hasname:
                ok &= i.argval in co.co_names
            elif i.opcode in opcode.haslocal:
                ok &= i.argval in co.co_varnames
            elif i.opcode in opcode.hasfree:
                ok &= i.argval in co.co_cellvars + co.co_freevars
            elif i.opcode in opcode.hascompare:
                ok &= i.argval in opcode.cmp_op
        # get_instructions marks the jumps' targets; the listing also the handlers
        ok &= {i.offset for i in ins if i.is_jump_target} == targets
        table = dis._parse_exception_table(co)
        for e in table:
            ok &= e.start in offs and e.target in offs and e.start < e.end
            targets.add(e.target)
        starts = dict(dis.findlinestarts(co))
        ok &= all(i.starts_line == starts.get(i.offset) for i in ins)
        ok &= set(dis.findlabels(co.co_code)) <= set(offs)
        # the printed listing: one line per instruction, ">>" on targets
        out = io.StringIO()
        dis.disassemble(co, file=out)
        lines = [l for l in out.getvalue().splitlines() if l.strip()]
        body = lines[:len(ins)]
        ok &= all(("(%s)" % i.argrepr in l or i.argrepr in l) for i, l in zip(ins, body) if i.argrepr)
        ok &= sum(">>" in l for l in body) == len(targets)
        ok &= ("ExceptionTable:" in lines) == bool(table)
        ok &= dis.Bytecode(co).dis() == out.getvalue()
        if not ok:
            print("BAD", co.co_name)
            dis.disassemble(co)
    names = set()
    for co in codes(getattr(f, "__code__", f)):
        for i in dis.get_instructions(co):
            if i.opcode in opcode.hasname or i.opcode in opcode.hasfree:
                names.add(i.argval)
    return sorted(names)


for f in (sample, C.method, coro, big, compile("x = [y for y in z]\nclass K: pass", "<m>", "exec")):
    print(getattr(f, "__name__", "<module>"), check(f))

# large arguments: the constants and the jumps of a long function
ins = list(dis.get_instructions(big))
consts = [i.argval for i in ins if i.opname == "LOAD_CONST" and isinstance(i.argval, float)]
print(len(consts), consts[:2], consts[-2:], any(i.opname == "EXTENDED_ARG" for i in ins))
print(big(3), big(299))
print(sorted({i.starts_line for i in ins if i.starts_line})[-3:])

# current_offset / lasti: the instruction that raised, marked "-->"
def fails(d):
    return d["missing"]

try:
    fails({})
except KeyError:
    tb = sys.exc_info()[2].tb_next
    bc = dis.Bytecode.from_traceback(tb)
    cur = [i for i in bc if i.offset == bc.current_offset]
    print(tb.tb_lasti == bc.current_offset, [i.opname for i in cur] == ["BINARY_SUBSCR"])
    out = io.StringIO()
    dis.distb(tb, file=out)
    marked = [l for l in out.getvalue().splitlines() if "-->" in l]
    print(len(marked), "BINARY_SUBSCR" in marked[0])
    print(bc.dis() == out.getvalue())

# code_info / show_code / Bytecode.info
info = dis.code_info(sample)
for field in ("Name:", "Filename:", "Argument count:", "Kw-only arguments:", "Number of locals:",
              "Flags:", "Constants:", "Names:", "Variable names:", "Cell variables:"):
    print(field, field in info)
print("OPTIMIZED, NEWLOCALS, VARARGS, VARKEYWORDS" in info, dis.Bytecode(sample).info() == info)
out = io.StringIO()
dis.show_code(C.method, file=out)
print(out.getvalue() == dis.code_info(C.method) + "\n")
print(dis.pretty_flags(coro.__code__.co_flags))

# first_line shifts the lines
b0 = [i.starts_line for i in dis.Bytecode(sample) if i.starts_line]
b1 = [i.starts_line for i in dis.Bytecode(sample, first_line=1000) if i.starts_line]
print(all(y - x == 1000 - sample.__code__.co_firstlineno for x, y in zip(b0, b1)), len(b0) == len(b1))

# dis of a string, a class (its methods), depth
out = io.StringIO()
dis.dis("a = b + 1", file=out)
print("STORE_NAME" in out.getvalue() and "(a)" in out.getvalue() and "(b)" in out.getvalue())
out = io.StringIO()
dis.dis(C, file=out)
print(out.getvalue().startswith("Disassembly of method:"))
out = io.StringIO()
dis.dis(sample, file=out, depth=0)
print("Disassembly of" in out.getvalue(), out.getvalue().count("LOAD_CONST") > 3)

# dis._find_imports / _find_store_names (modulefinder's scan)
mod = compile("import a.b\nfrom c import d, e\nfrom . import f\nx = 1\nglobal y\ny = 2", "<m>", "exec")
print(sorted(dis._find_imports(mod), key=str), sorted(dis._find_store_names(mod)))
