# sys.stdin / stdout / stderr as io objects
import sys, _io

out, err, inp = sys.stdout, sys.stderr, sys.stdin
print(type(out).__name__, type(out.buffer).__name__, type(out.buffer.raw).__name__)
print(repr(out), repr(inp), repr(err))
print(out.encoding, out.errors, err.errors, inp.errors, out.mode, inp.mode)
print(out.line_buffering, err.line_buffering, out.write_through, out.name, err.buffer.name, inp.buffer.raw.closefd)
print(out.writable(), out.readable(), inp.readable(), out.fileno(), err.fileno(), inp.fileno())
print(out is sys.__stdout__, err is sys.__stderr__, inp is sys.__stdin__, isinstance(out, _io._TextIOBase))
print(out.write("written\n"), out.write("é€\n"))
out.write("before buffer ")
out.flush()
out.buffer.write(b"(raw bytes)\n")
out.buffer.flush()
try:
    print("\udc80")
except UnicodeEncodeError as e:
    print(type(e).__name__, e)
print("err \udc80 line", file=err)
err.write("second\n")
print(inp.readline(), end="")
print(repr(input()), repr(input("prompt> ")))
print(inp.read(3), repr(inp.readline()))
print([l for l in inp])
print(repr(inp.read()), repr(inp.readline()))
try:
    input()
except EOFError as e:
    print("EOFError", e)
class Capture:
    def __init__(self): self.parts = []
    def write(self, s): self.parts.append(s)
    def flush(self): pass
c = Capture()
sys.stdout = c
print("to capture", 1)
sys.stdout = out
print(c.parts)
out.write = lambda s: out.buffer.write(s.upper().encode())
print("patched write", flush=True)
del out.write
out.flush()
print("done")
