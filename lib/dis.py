"""dis: the instructions of tpy's bytecode (a small part of CPython's dis).

Offsets count bytes of wordcode, two per instruction, as the JIT's
greenkeys and debug_merge_points do."""
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
    for ins in get_instructions(x):
        line = "%4s" % (ins.starts_line if ins.starts_line is not None else "")
        print("%s %6d %-20s %d" % (line, ins.offset, ins.opname, ins.arg), file=file)
