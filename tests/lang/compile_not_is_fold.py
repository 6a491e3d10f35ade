# `not (a is b)` / `not (a in b)` compile to one inverted test (no
# UNARY_NOT), as CPython's peephole optimiser; the values are unchanged.
import dis


def g():
    def f(x: not (int is int), /): ...


def h(a, b, c):
    return not (a is b), not (a is not b), not (a in c), not (a not in c), not (a < b), not (a is b is a)


codes = [(i.opname, i.argval) for i in dis.get_instructions(g)]
print(("IS_OP", 1) in codes, "UNARY_NOT" in [c[0] for c in codes])
codes = [(i.opname, i.argval) for i in dis.get_instructions(h)]
print([c[0] + str(c[1] if c[0] != "UNARY_NOT" else "") for c in codes if c[0] in ("IS_OP", "CONTAINS_OP", "UNARY_NOT")])
print(h(1, 1, [1]), h(1, 2, [2]), h([], [], [[]]))
try:
    not (1 in 2)
except TypeError as e:
    print(e)
print(g.__code__.co_consts[1].__annotations__ if hasattr(g.__code__.co_consts[1], '__annotations__') else '')
