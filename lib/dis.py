"""dis: the instructions of tpy's bytecode (a small part of CPython's dis).

Offsets count two bytes per instruction, CPython's unit, as tpy --dis,
the JIT's greenkeys, debug_merge_points and pypyjit's offsets do
(src/obj/code.h)."""
import _tpy_opcode
from collections import namedtuple

opname = list(_tpy_opcode.opname)

# co_flags bits: CPython's values, which tpy's code objects report
COMPILER_FLAG_NAMES = {
    1: "OPTIMIZED",
    2: "NEWLOCALS",
    4: "VARARGS",
    8: "VARKEYWORDS",
    16: "NESTED",
    32: "GENERATOR",
    64: "NOFREE",
    128: "COROUTINE",
    256: "ITERABLE_COROUTINE",
    512: "ASYNC_GENERATOR",
}

Positions = namedtuple("Positions", ["lineno", "end_lineno", "col_offset", "end_col_offset"], defaults=[None] * 4)


def pretty_flags(flags):
    """Return pretty representation of code flags."""
    names = []
    for i in range(32):
        flag = 1 << i
        if flags & flag:
            names.append(COMPILER_FLAG_NAMES.get(flag, hex(flag)))
            flags ^= flag
            if not flags:
                break
    else:
        names.append(hex(flags))
    return ", ".join(names)


def findlinestarts(code):
    """(offset, lineno) where each source line starts in code, from co_lines()."""
    lastline = None
    for start, end, line in code.co_lines():
        if line is not None and line != lastline:
            lastline = line
            yield start, line

Instruction = namedtuple("Instruction", "opname opcode arg argval argrepr offset starts_line is_jump_target")


def _code_of(x):
    for attr in ("__func__", "__code__", "gi_code"):
        if hasattr(x, attr):
            x = getattr(x, attr)
    if hasattr(x, "co_name"):
        return x
    raise TypeError("don't know how to disassemble %s objects" % type(x).__name__)


def get_instructions(x, first_line=None):
    code = _code_of(x)
    last = None
    for offset, name, arg, line in _tpy_opcode.instructions(code):
        starts = line if line != last else None
        last = line
        yield Instruction(name, opname.index(name), arg, arg, "", offset, starts, False)


def dis(x=None, file=None):
    """Print the disassembly of a function, method, generator or code
    object, and of the code objects among its constants: tpy --dis's text,
    in the columns of CPython's dis."""
    print(_tpy_opcode.disassemble(_code_of(x)), end="", file=file)
