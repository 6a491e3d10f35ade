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

Instruction = namedtuple("Instruction", "opname opcode arg argval argrepr offset starts_line is_jump_target positions",
                         defaults=[None])


def _code_of(x):
    for attr in ("__func__", "__code__", "gi_code"):
        if hasattr(x, attr):
            x = getattr(x, attr)
    if hasattr(x, "co_name"):
        return x
    raise TypeError("don't know how to disassemble %s objects" % type(x).__name__)


def get_instructions(x, *, first_line=None, show_caches=False, adaptive=False):
    """The instructions of a function, method, generator or code object, as
    Instruction tuples with their source positions (code.co_positions()).
    first_line renumbers the lines as if the code started there;
    show_caches and adaptive are CPython's (tpy's bytecode has no inline
    caches and is not specialized)."""
    code = _code_of(x)
    shift = 0 if first_line is None else first_line - code.co_firstlineno
    last = None
    positions = code.co_positions()
    for offset, name, arg, line in _tpy_opcode.instructions(code):
        pos = Positions(*next(positions, ()))
        if shift:
            line = None if line is None else line + shift
            pos = pos._replace(lineno=None if pos.lineno is None else pos.lineno + shift,
                               end_lineno=None if pos.end_lineno is None else pos.end_lineno + shift)
        starts = line if line != last else None
        last = line
        yield Instruction(name, opname.index(name), arg, arg, "", offset, starts, False, pos)


class Bytecode:
    """The instructions of a function, method, generator or code object:
    iterating gives Instruction tuples, dis() the disassembly as text.
    show_caches is accepted for CPython's signature; tpy's bytecode has no
    inline caches."""

    def __init__(self, x, *, first_line=None, current_offset=None, show_caches=False):
        self.codeobj = _code_of(x)
        self.first_line = self.codeobj.co_firstlineno if first_line is None else first_line
        self._line_offset = self.first_line - self.codeobj.co_firstlineno
        self._original_object = x
        self.current_offset = current_offset
        self.show_caches = show_caches

    def __iter__(self):
        return get_instructions(self.codeobj, first_line=self.first_line)

    def __repr__(self):
        return "{}({!r})".format(self.__class__.__name__, self._original_object)

    @classmethod
    def from_traceback(cls, tb, *, show_caches=False):
        """The Bytecode of the innermost frame of a traceback, at its instruction."""
        while tb.tb_next:
            tb = tb.tb_next
        return cls(tb.tb_frame.f_code, current_offset=tb.tb_lasti, show_caches=show_caches)

    def dis(self):
        """The disassembly as one string (what dis.dis() prints)."""
        return _tpy_opcode.disassemble(self.codeobj)


def dis(x=None, file=None):
    """Print the disassembly of a function, method, generator or code
    object, and of the code objects among its constants: tpy --dis's text,
    in the columns of CPython's dis."""
    print(_tpy_opcode.disassemble(_code_of(x)), end="", file=file)
