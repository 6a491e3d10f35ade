"""dis: the instructions of tpy's bytecode (a small part of CPython's dis).

Offsets count two bytes per instruction, CPython's unit, as tpy --dis,
the JIT's greenkeys, debug_merge_points and pypyjit's offsets do
(src/obj/code.h)."""
import _tpy_opcode
from collections import namedtuple

opname = list(_tpy_opcode.opname)

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
